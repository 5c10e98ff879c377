import { useMemo } from 'react';
import type { HeroConfig } from '../../shared/schemas';
import { fallbackHeroImage } from '../../shared/hero-view';
import { htmlToText } from '../../shared/html-text';
import { Hero } from './hero';

/** What an item (product, category) already has that its hero can show. */
export type HeroFallback = { title: string; description: string; image: string };

/** A hero is an opening line, not the item's whole text. */
export const HERO_FALLBACK_DESCRIPTION_LENGTH = 240;

/** Plain text of the item's description (rich HTML or text), cut at a word near the limit. */
export function heroDescriptionFrom(text: string): string {
  const plain = htmlToText(text);
  if (plain.length <= HERO_FALLBACK_DESCRIPTION_LENGTH) return plain;
  const cut = plain.slice(0, HERO_FALLBACK_DESCRIPTION_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > HERO_FALLBACK_DESCRIPTION_LENGTH / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * A new item's hero starts full: each of title, description and image the hero leaves empty is
 * taken from the item itself, so visitors never meet an empty gradient. What the hero sets wins.
 */
export function heroWithFallback(hero: HeroConfig, item: HeroFallback): HeroConfig {
  return {
    ...hero,
    title: hero.title || item.title,
    description: hero.description || heroDescriptionFrom(item.description),
    heroImage: fallbackHeroImage(hero, item.image),
  };
}

type Props = { hero: HeroConfig; item: HeroFallback };

/** The hero of a product or category page, filled from the item where the hero is empty. */
export function ItemHero({ hero, item }: Props) {
  const { title, description, image } = item;
  // The same config object across re-renders: the hero restarts its videos when its config changes.
  const config = useMemo(() => heroWithFallback(hero, { title, description, image }), [hero, title, description, image]);
  return <Hero config={config} />;
}
