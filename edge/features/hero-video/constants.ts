/**
 * D23: a hero video is MP4 or WebM by its bytes (never its name or declared type), at most 100 MB, stored as it is.
 * Plain values, so the Media tab imports the limits and messages without the server's code.
 */

/** D23's "100 MB", read as 100 MiB like the images' 20 MB. */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

/** How much of the start of a file the sniffer needs: WebM names its DocType within the first EBML header. */
export const VIDEO_HEAD_BYTES = 4096;

export type VideoFormat = 'mp4' | 'webm';

export const VIDEO_CONTENT_TYPES: Record<VideoFormat, string> = { mp4: 'video/mp4', webm: 'video/webm' };

/** What the picker offers (the server decides by the bytes). */
export const VIDEO_ACCEPT = 'video/mp4,video/webm,.mp4,.webm';

export const VIDEO_NAME_MAX = 100;

export const VIDEO_MESSAGES = {
  invalidType: 'Please upload an MP4 or WebM video.',
  tooLarge: 'Please upload a video smaller than 100MB.',
  missing: 'Choose a video to upload.',
  lengthRequired: 'The upload must state its size (Content-Length).',
  incomplete: 'The upload ended before the whole video arrived. Please try again.',
  nameRequired: 'Please give the video a name.',
  nameTooLong: `Video names are at most ${VIDEO_NAME_MAX} characters.`,
  notAVideo: 'Choose one of the listed videos.',
} as const;
