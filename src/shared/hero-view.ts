import type { HeroConfig } from './schemas/hero';

/**
 * What a visitor sees of a hero, in order: the public hero (src/web/components/hero.tsx) follows
 * these rules, and the admin's hero editor describes them. Zod-free: both bundles import it.
 */
export type HeroStill = 'image' | 'colour' | 'gradient';
export type HeroVideo = 'intro' | 'loop';

/**
 * The hero image a page shows: the hero's own, else the item's (tile) image, so a new item's hero
 * starts full. A background colour the admin chose is a choice too: the item's image does not cover it.
 */
export function fallbackHeroImage(hero: Pick<HeroConfig, 'heroImage' | 'backgroundColor'>, itemImage: string): string {
  return hero.heroImage || (hero.backgroundColor ? '' : itemImage);
}

/** The still view, rendered by the server and kept when videos cannot or should not play. */
export function heroStill(hero: Pick<HeroConfig, 'heroImage' | 'backgroundColor'>): HeroStill {
  if (hero.heroImage) return 'image';
  return hero.backgroundColor ? 'colour' : 'gradient';
}

/** The videos that take over from the still view, in the order they play. */
export function heroVideos(hero: Pick<HeroConfig, 'introVideo' | 'loopVideo'>): HeroVideo[] {
  return [...(hero.introVideo ? (['intro'] as const) : []), ...(hero.loopVideo ? (['loop'] as const) : [])];
}
