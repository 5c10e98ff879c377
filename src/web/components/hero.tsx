import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { HeroConfig } from '../../shared/schemas';
import { DEFAULT_HERO_TEXT_COLOR } from '../../shared/colors';
import { heroVideos } from '../../shared/hero-view';
import { HERO_VIDEO_DELAY_MS } from '../../shared/constants';
import { HeroButton } from './hero-button';
import { Picture } from '../images/picture';

/** The hero's least height, as `.hero` in styles/hero.css has it: the picture covers at least this. */
const HERO_MIN_HEIGHT = 'clamp(360px, 62vh, 640px)';

/**
 * static: the hero image (or a plain coloured view), also what the server renders;
 * intro: the intro video plays over it; loop: the loop video plays, the intro is gone;
 * failed: a video failed or autoplay was blocked, so back to the static view for good.
 */
export type HeroPhase = 'static' | 'intro' | 'loop' | 'failed';

function firstPhase(config: HeroConfig): HeroPhase {
  return heroVideos(config)[0] ?? 'static';
}

type VideoProps = { src: string; loop: boolean; active: boolean; onEnded?: () => void; onFail: () => void; className: string };

function HeroVideo({ src, loop, active, onEnded, onFail, className }: VideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || !active) return;
    // play() rejects when autoplay is blocked: treat that like a failed video.
    video.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      onFail();
    });
  }, [src, active, onFail]);
  return (
    <video
      ref={ref}
      className={className}
      src={src}
      muted
      playsInline
      loop={loop}
      preload="auto"
      aria-hidden="true"
      tabIndex={-1}
      data-active={active}
      onEnded={onEnded}
      onError={onFail}
    />
  );
}

/** The hero's title is its page's one H1. */
type Props = { config: HeroConfig; children?: ReactNode; className?: string };

export function Hero({ config, children, className }: Props) {
  const [phase, setPhase] = useState<HeroPhase>('static');
  const hasVideo = Boolean(config.introVideo || config.loopVideo);

  useEffect(() => {
    setPhase('static');
    // Visitors who ask the system for less motion keep the still hero, as if autoplay were blocked.
    if (!hasVideo || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setTimeout(() => setPhase(firstPhase(config)), HERO_VIDEO_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [config, hasVideo]);

  const fail = useRefCallback(() => setPhase('failed'));
  const introEnded = useRefCallback(() => setPhase(config.loopVideo ? 'loop' : 'static'));

  const style = {
    color: config.textColor || DEFAULT_HERO_TEXT_COLOR,
    backgroundColor: config.backgroundColor || undefined,
  };
  const showButtons = config.button1.isActive || config.button2.isActive;

  return (
    <section className={['hero', config.heroImage ? 'hero--image' : config.backgroundColor ? 'hero--colored' : 'hero--plain', className].filter(Boolean).join(' ')} style={style} data-hero-phase={phase}>
      <div className="hero__media">
        {/* The hero is the top of every page: its image is the page's largest paint, so it is preloaded. */}
        {config.heroImage && <Picture className="hero__image" src={config.heroImage} alt="" sizes="100vw" coverHeight={HERO_MIN_HEIGHT} width={1920} height={1080} priority />}
        {/* Loaded under the intro already, so it takes over without a gap when the intro ends. */}
        {(phase === 'loop' || phase === 'intro') && config.loopVideo && (
          <HeroVideo className="hero__video hero__video--loop" src={config.loopVideo} loop active={phase === 'loop'} onFail={fail} />
        )}
        {phase === 'intro' && config.introVideo && (
          <HeroVideo className="hero__video hero__video--intro" src={config.introVideo} loop={false} active onEnded={introEnded} onFail={fail} />
        )}
      </div>
      <div className="hero__scrim" aria-hidden="true" />
      <div className="container hero__content">
        {config.logo && <Picture className="hero__logo" src={config.logo} alt="" sizes="256px" width={256} height={64} eager />}
        {config.title && <h1 className="hero__title">{config.title}</h1>}
        {config.description && <p className="hero__description">{config.description}</p>}
        {(showButtons || children) && (
          <div className="hero__actions">
            <HeroButton button={config.button1} />
            <HeroButton button={config.button2} />
            {children}
          </div>
        )}
      </div>
    </section>
  );
}

/** A stable callback that always calls the latest function (video effects must not restart on re-render). */
function useRefCallback(fn: () => void): () => void {
  const ref = useRef(fn);
  ref.current = fn;
  const [stable] = useState(() => () => ref.current());
  return stable;
}
