import { describe, expect, it } from 'vitest';
import { embedSnippet, embedUrl } from './embed-snippet.ts';

describe('the bracket embed snippet (D45)', () => {
  it('frames the embed page at full width, 600 px high, without a border, named and loaded lazily', () => {
    expect(embedSnippet('https://wta.example', { id: 7, title: 'Winter Cup' }, 'system')).toBe(
      '<iframe src="https://wta.example/embed/tournaments/7/bracket" width="100%" height="600" style="border:0" title="Winter Cup bracket" loading="lazy"></iframe>',
    );
  });

  it('names the theme when the site picks one', () => {
    expect(embedUrl('https://wta.example', 7, 'dark')).toBe(
      'https://wta.example/embed/tournaments/7/bracket?theme=dark',
    );
    expect(embedSnippet('https://wta.example', { id: 7, title: 'Cup' }, 'light')).toContain(
      'src="https://wta.example/embed/tournaments/7/bracket?theme=light"',
    );
  });

  it("escapes the host's title inside the attribute", () => {
    const snippet = embedSnippet('https://wta.example', { id: 7, title: 'Tom & "Jerry" <Cup>' }, 'system');
    expect(snippet).toContain('title="Tom &amp; &quot;Jerry&quot; &lt;Cup&gt; bracket"');
  });
});
