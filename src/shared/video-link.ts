/**
 * A product's intro link is either a video-site link holding an 11-character
 * video id (shown embedded) or anything else (played as an mp4 file), spec §5.
 */
const VIDEO_ID_PATTERNS = [
  /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|shorts\/|live\/|v\/))([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/,
  /youtu\.be\/([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/,
];

export type IntroVideo = { kind: 'embed'; videoId: string; embedUrl: string } | { kind: 'file'; url: string };

export function parseVideoId(link: string): string | null {
  for (const pattern of VIDEO_ID_PATTERNS) {
    const match = pattern.exec(link);
    if (match?.[1]) return match[1];
  }
  return null;
}

export function parseIntroVideo(link: string): IntroVideo {
  const videoId = parseVideoId(link);
  return videoId
    ? { kind: 'embed', videoId, embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}` }
    : { kind: 'file', url: link };
}
