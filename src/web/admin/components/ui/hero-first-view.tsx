import type { CSSProperties } from 'react';
import type { HeroConfig } from '../../../../shared/schemas';
import { DEFAULT_HERO_TEXT_COLOR } from '../../../../shared/colors';
import { HERO_VIDEO_DELAY_MS } from '../../../../shared/constants';
import { fallbackHeroImage, heroStill, heroVideos, type HeroStill } from '../../../../shared/hero-view';

/** What a product or category offers its hero when the hero's own fields are empty. */
export type HeroItemFallback = { title: string; image: string };

const STILL_NAMES: Record<HeroStill, string> = { image: 'the hero image', colour: 'the background colour', gradient: 'a plain gradient in the theme colour' };

/** One sentence, following the public hero's rules: the still view first, then the videos in turn. */
export function heroOpeningLine(hero: HeroConfig, fallback?: HeroItemFallback): string {
  const image = fallback ? fallbackHeroImage(hero, fallback.image) : hero.heroImage;
  const still = heroStill({ ...hero, heroImage: image });
  const stillName = still === 'image' && !hero.heroImage ? 'the item’s tile image' : STILL_NAMES[still];
  const videos = heroVideos(hero);
  if (videos.length === 0) return `Visitors see ${stillName}.`;
  const seconds = HERO_VIDEO_DELAY_MS / 1000;
  const plays = videos.length === 2 ? 'the intro video plays, then the loop video' : `the ${videos[0]} video plays`;
  return `Visitors see ${stillName} first; after ${seconds} second${seconds === 1 ? '' : 's'} ${plays}. Visitors who ask for less motion keep ${stillName}.`;
}

/** The still view in small: what visitors see before any video, and what the first paint is. */
export function HeroFirstView({ hero, fallback }: { hero: HeroConfig; fallback?: HeroItemFallback }) {
  const image = fallback ? fallbackHeroImage(hero, fallback.image) : hero.heroImage;
  const title = hero.title || fallback?.title || '';
  const style: CSSProperties = { color: hero.textColor || DEFAULT_HERO_TEXT_COLOR, backgroundColor: hero.backgroundColor || undefined };
  return (
    <figure className="adm-hero-first-view">
      <div className={`adm-hero-thumb adm-hero-thumb--${heroStill({ ...hero, heroImage: image })}`} style={style} data-testid="hero-thumbnail">
        {image ? <img src={image} alt="" /> : null}
        {title ? <span className="adm-hero-thumb__title">{title}</span> : null}
      </div>
      <figcaption className="adm-field__hint">{heroOpeningLine(hero, fallback)}</figcaption>
    </figure>
  );
}
