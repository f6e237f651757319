import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseVideoLink } from './video-links.ts';

// D29: only https links to YouTube, Twitch or Vimeo videos are embedded, each with its privacy-enhanced player.

const embed = (link: string, host = 'league.example') => parseVideoLink(link)?.embedUrl(host) ?? null;

describe('parseVideoLink', () => {
  it('embeds YouTube links with youtube-nocookie.com', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
      ' https://youtu.be/dQw4w9WgXcQ ',
    ]) {
      expect(embed(link), link).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
      expect(parseVideoLink(link)?.provider).toBe('youtube');
    }
  });

  it('embeds Vimeo without tracking (dnt=1), private links keep their hash', () => {
    expect(embed('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(embed('https://vimeo.com/channels/staffpicks/76979871')).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
    expect(embed('https://vimeo.com/76979871/abc123def4')).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&h=abc123def4',
    );
    expect(embed('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
  });

  it('embeds Twitch videos, clips and channels with the embedding site as parent', () => {
    expect(embed('https://www.twitch.tv/videos/123456789')).toBe(
      'https://player.twitch.tv/?video=v123456789&parent=league.example&autoplay=false',
    );
    expect(embed('https://clips.twitch.tv/FunnyClipSlug-abc')).toBe(
      'https://clips.twitch.tv/embed?clip=FunnyClipSlug-abc&parent=league.example&autoplay=false',
    );
    expect(embed('https://www.twitch.tv/wta_league/clip/FunnyClipSlug')).toBe(
      'https://clips.twitch.tv/embed?clip=FunnyClipSlug&parent=league.example&autoplay=false',
    );
    expect(embed('https://twitch.tv/WTA_League')).toBe(
      'https://player.twitch.tv/?channel=wta_league&parent=league.example&autoplay=false',
    );
  });

  it('refuses anything else', () => {
    for (const link of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ',
      'https://user:pass@youtu.be/dQw4w9WgXcQ',
      'https://youtu.be:8443/dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload=x',
      'https://www.youtube.com/channel/UC123',
      'https://vimeo.com/about',
      'https://www.twitch.tv/directory',
      'https://www.twitch.tv/videos/abc',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'not a link',
      '',
    ]) {
      expect(parseVideoLink(link), link).toBeNull();
    }
  });

  it('whatever it is given, an embed is an https player of the three sites with nothing unescaped in it', () => {
    const hosts = [
      'youtube.com',
      'www.youtube.com',
      'youtu.be',
      'vimeo.com',
      'player.vimeo.com',
      'twitch.tv',
      'www.twitch.tv',
      'clips.twitch.tv',
      'evil.example',
    ];
    const part = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[A-Za-z0-9_-]{11}$/),
      fc.stringMatching(/^[0-9]{1,12}$/),
      fc.constantFrom('watch', 'videos', 'clip', 'channels', 'video', 'shorts', 'embed'),
    );
    const query = fc.oneof(
      fc.string(),
      fc.stringMatching(/^v=[A-Za-z0-9_-]{11}$/),
      fc.stringMatching(/^h=[0-9a-f]{8}$/),
    );
    const link = fc
      .tuple(
        fc.constantFrom('https://', 'http://', 'javascript:', ''),
        fc.constantFrom(...hosts),
        fc.array(part, { maxLength: 4 }),
        query,
      )
      .map(([scheme, host, parts, q]) => `${scheme}${host}/${parts.join('/')}?${q}`);
    let embedded = 0;
    fc.assert(
      fc.property(fc.oneof(link, fc.string()), fc.domain(), (input, parent) => {
        const video = parseVideoLink(input);
        if (!video) return;
        embedded += 1;
        expect(input.trim().startsWith('https://')).toBe(true);
        const url = new URL(video.embedUrl(parent));
        expect(['www.youtube-nocookie.com', 'player.vimeo.com', 'player.twitch.tv', 'clips.twitch.tv']).toContain(
          url.hostname,
        );
        expect(url.protocol).toBe('https:');
        expect(video.embedUrl(parent)).not.toMatch(/["'<>\s]/);
      }),
      { numRuns: 3000 },
    );
    // The generator reaches the embedding paths, not only refusals.
    expect(embedded).toBeGreaterThan(5);
  });
});
