import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { autoplayUrl, parseIntroVideo, type IntroVideo as ParsedVideo } from '../../shared/video-link';
import { variantUrl } from '../../shared/media';
import { useImageInfo } from '../images/use-image-info';

/** A video-site link plays embedded once clicked; anything else is an mp4 toggled by a click. */
/** A still to show before play: the product's image, as a mid-size WebP rendition when there is one. */
function usePoster(url: string | undefined): string | undefined {
  const info = useImageInfo(url);
  const width = info?.s?.webp?.find((w) => w >= 640) ?? info?.s?.webp?.at(-1);
  return url && width ? variantUrl(url, width, 'webp') : url || undefined;
}

export function IntroVideo({ link, title, poster }: { link: string; title: string; poster?: string }) {
  const posterUrl = usePoster(poster);
  const video = parseIntroVideo(link);
  // The still is the product's own image (required), never the video
  // site's: no request reaches the site before the visitor plays, nothing fails
  // offline, and our image already has phone-sized renditions.
  if (video.kind === 'embed') return <EmbeddedVideo video={video} title={title} poster={posterUrl} />;
  return <FileVideo url={video.url} title={title} poster={posterUrl} />;
}

const PLAY_ICON = (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M8 5v14l11-7z" />
  </svg>
);

/**
 * The site's player costs a megabyte of script and sets its cookies, so the
 * page shows a still and a play button and creates the iframe only when the
 * visitor clicks. Without JavaScript the still is a plain link to the player.
 */
function EmbeddedVideo({ video, title, poster }: { video: Extract<ParsedVideo, { kind: 'embed' }>; title: string; poster: string | undefined }) {
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // The play button is gone: keyboard focus goes on to the player that replaced it.
  useEffect(() => {
    if (loaded) frame.current?.focus();
  }, [loaded]);
  const load = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setLoaded(true);
  };
  if (loaded) {
    return (
      <div className="intro-video">
        <iframe
          ref={frame}
          className="intro-video__frame"
          src={autoplayUrl(video.embedUrl)}
          title={`${title}: intro video`}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <div className="intro-video">
      <a className="intro-video__poster" href={video.embedUrl} onClick={load} aria-label={`Play ${title} intro video`} data-video-site={video.site}>
        {poster && <img className="intro-video__still" src={poster} alt="" loading="lazy" decoding="async" width={480} height={360} />}
        <span className="intro-video__play">{PLAY_ICON}</span>
      </a>
    </div>
  );
}

/**
 * Clicking the video toggles play and pause. Nothing is downloaded before the
 * first play (the poster stands in); from then on the browser's own controls
 * are shown, for seeking, volume and full screen.
 */
function FileVideo({ url, title, poster }: { url: string; title: string; poster: string | undefined }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const focusVideo = useRef(false);
  // The play button goes once the video has started: keyboard focus moves on to the video and its controls.
  useEffect(() => {
    if (started && focusVideo.current) ref.current?.focus();
  }, [started]);
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
        preload="none"
        poster={poster}
        playsInline
        controls={started}
        // With controls shown, a click on the picture is the browser's own play/pause.
        onClick={started ? undefined : toggle}
        onPlay={() => {
          setPlaying(true);
          setStarted(true);
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        data-playing={playing}
        data-started={started}
      />
      {/* Before the first play the video has no controls: this button gives keyboards the same toggle. */}
      {!started && (
        <button
          type="button"
          className="intro-video__toggle"
          onClick={() => {
            focusVideo.current = true;
            toggle();
          }}
          aria-label={`Play ${title} intro video`}>
          {PLAY_ICON}
        </button>
      )}
    </div>
  );
}
