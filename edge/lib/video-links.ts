/**
 * D29: video links (player highlights, replays) are accepted only as https links to YouTube, Twitch or Vimeo, and are
 * embedded with each site's privacy-enhanced player: youtube-nocookie.com, Vimeo with `dnt=1` (no tracking cookies).
 * Twitch offers no such mode; its player is the only embed it allows and is used as it is (ADR 031). Anything else
 * is no video link (null): never embedded, and refused where a link is saved.
 */

export type VideoProvider = 'youtube' | 'vimeo' | 'twitch';

export interface VideoLink {
  provider: VideoProvider;
  /** The player's address to put in an iframe; Twitch's names the embedding site (`parent`), so it needs the host. */
  embedUrl(parentHost: string): string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const DIGITS = /^[0-9]{1,20}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const TWITCH_NAME = /^[A-Za-z0-9_]{2,25}$/;
const TWITCH_CLIP = /^[A-Za-z0-9_-]{3,100}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const TWITCH_HOSTS = new Set(['twitch.tv', 'www.twitch.tv', 'm.twitch.tv']);
// Path segments of twitch.tv that are site pages, not channels.
const TWITCH_RESERVED = new Set([
  'directory',
  'downloads',
  'jobs',
  'p',
  'search',
  'settings',
  'subscriptions',
  'turbo',
  'videos',
]);

function youtube(id: string | undefined): VideoLink | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { provider: 'youtube', embedUrl: () => `https://www.youtube-nocookie.com/embed/${id}` };
}

function vimeo(id: string | undefined, hash?: string | null): VideoLink | null {
  if (!id || !DIGITS.test(id)) return null;
  const h = hash && VIMEO_HASH.test(hash) ? `&h=${hash}` : '';
  return { provider: 'vimeo', embedUrl: () => `https://player.vimeo.com/video/${id}?dnt=1${h}` };
}

function twitch(kind: 'video' | 'channel' | 'clip', value: string | undefined): VideoLink | null {
  if (!value) return null;
  const valid =
    kind === 'video' ? DIGITS.test(value) : kind === 'clip' ? TWITCH_CLIP.test(value) : TWITCH_NAME.test(value);
  if (!valid) return null;
  return {
    provider: 'twitch',
    embedUrl: (parent) => {
      const host = encodeURIComponent(parent);
      return kind === 'clip'
        ? `https://clips.twitch.tv/embed?clip=${value}&parent=${host}&autoplay=false`
        : `https://player.twitch.tv/?${kind === 'video' ? `video=v${value}` : `channel=${value.toLowerCase()}`}&parent=${host}&autoplay=false`;
    },
  };
}

/** The video a link names, or null when it is not an https link to a YouTube, Twitch or Vimeo video (D29). */
export function parseVideoLink(link: string): VideoLink | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  // No credentials or odd ports: a link that carries them is not a plain video page.
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);

  if (host === 'youtu.be') return parts.length === 1 ? youtube(parts[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') return youtube(url.searchParams.get('v') ?? undefined);
    if (parts.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0]!)) return youtube(parts[1]);
    return null;
  }
  if (VIMEO_HOSTS.has(host)) {
    if (host === 'player.vimeo.com')
      return parts[0] === 'video' && parts.length === 2 ? vimeo(parts[1], url.searchParams.get('h')) : null;
    if (parts.length === 1) return vimeo(parts[0]);
    if (parts.length === 2 && DIGITS.test(parts[0]!)) return vimeo(parts[0], parts[1]);
    if (parts.length === 3 && parts[0] === 'channels') return vimeo(parts[2]);
    return null;
  }
  if (host === 'clips.twitch.tv') return parts.length === 1 ? twitch('clip', parts[0]) : null;
  if (TWITCH_HOSTS.has(host)) {
    if (parts.length === 2 && parts[0] === 'videos') return twitch('video', parts[1]);
    if (parts.length === 3 && parts[1] === 'clip') return twitch('clip', parts[2]);
    if (parts.length === 1 && !TWITCH_RESERVED.has(parts[0]!.toLowerCase())) return twitch('channel', parts[0]);
    return null;
  }
  return null;
}
