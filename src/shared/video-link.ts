/**
 * A product's intro link is either a video-site link (shown as a click-to-load
 * player) or anything else (played as an mp4 file). YouTube links
 * hold an 11-character id; Vimeo links a numeric one.
 */
const YOUTUBE_ID_PATTERNS = [
  /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|shorts\/|live\/|v\/))([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/,
  /youtu\.be\/([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/,
];
const VIMEO_ID_PATTERN = /(?:^|\/\/|\.)vimeo\.com\/(?:video\/|channels\/[\w-]+\/|groups\/[\w-]+\/videos\/)?(\d{5,12})(?![\w-])/;

export type VideoSite = 'youtube' | 'vimeo';

export type IntroVideo =
  | {
      kind: 'embed';
      site: VideoSite;
      videoId: string;
      /** The player, without autoplay: also the plain link for visitors without JavaScript. */
      embedUrl: string;
    }
  | { kind: 'file'; url: string };

export function parseVideoId(link: string): string | null {
  for (const pattern of YOUTUBE_ID_PATTERNS) {
    const match = pattern.exec(link);
    if (match?.[1]) return match[1];
  }
  return null;
}

export function parseIntroVideo(link: string): IntroVideo {
  const videoId = parseVideoId(link);
  if (videoId) {
    return {
      kind: 'embed',
      site: 'youtube',
      videoId,
      // The privacy-enhanced host: no cookies until the visitor plays.
      embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}`,
    };
  }
  const vimeoId = VIMEO_ID_PATTERN.exec(link)?.[1];
  if (vimeoId) {
    // dnt: Vimeo's player sets no tracking cookies.
    return { kind: 'embed', site: 'vimeo', videoId: vimeoId, embedUrl: `https://player.vimeo.com/video/${vimeoId}?dnt=1` };
  }
  return { kind: 'file', url: link };
}

/** The player started at once: the visitor has just asked for it. */
export function autoplayUrl(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.searchParams.set('autoplay', '1');
  return url.toString();
}
