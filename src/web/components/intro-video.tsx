import { useRef, useState } from 'react';
import { parseIntroVideo } from '../../shared/video-link';
import { variantUrl } from '../../shared/media';
import { useImageInfo } from '../images/use-image-info';

/** A video-site link with an 11-character id plays embedded; anything else is an mp4 toggled by a click (spec §2, §5). */
/** A still to show before play: the product's image, as a mid-size WebP rendition when there is one. */
function usePoster(url: string | undefined): string | undefined {
  const info = useImageInfo(url);
  const width = info?.s?.webp?.find((w) => w >= 640) ?? info?.s?.webp?.at(-1);
  return url && width ? variantUrl(url, width, 'webp') : url || undefined;
}

export function IntroVideo({ link, title, poster }: { link: string; title: string; poster?: string }) {
  const posterUrl = usePoster(poster);
  const video = parseIntroVideo(link);
  if (video.kind === 'embed') {
    return (
      <div className="intro-video">
        <iframe
          className="intro-video__frame"
          src={video.embedUrl}
          title={`${title}: intro video`}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return <FileVideo url={video.url} title={title} poster={posterUrl} />;
}

function FileVideo({ url, title, poster }: { url: string; title: string; poster: string | undefined }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const element = ref.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  return (
    <div className="intro-video">
      <video
        ref={ref}
        className="intro-video__file"
        src={url}
        // Nothing is downloaded before a visitor presses play; the poster stands in until then.
        preload="none"
        poster={poster}
        playsInline
        onClick={toggle}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        data-playing={playing}
      />
      {/* The video itself takes clicks; this button gives keyboards the same toggle. */}
      <button type="button" className={playing ? 'intro-video__toggle is-playing' : 'intro-video__toggle'} onClick={toggle} aria-label={playing ? `Pause ${title} intro video` : `Play ${title} intro video`}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          {playing ? <path fill="currentColor" d="M7 5h4v14H7zM13 5h4v14h-4z" /> : <path fill="currentColor" d="M8 5v14l11-7z" />}
        </svg>
      </button>
    </div>
  );
}
