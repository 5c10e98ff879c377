import type { ImageInfoMap } from '../../shared/media';
import type { HeroConfig } from '../../shared/schemas';
import type { ContentSource } from '../api/content-source';

/** Loader data that carries the facts of the images the page shows (use-image-info.ts reads them). */
export type WithImages = { images: ImageInfoMap };

/** The pictures of a hero: its image and its logo. */
export const heroImages = (hero: HeroConfig) => [hero.heroImage, hero.logo];

/** Asks the content source about the stored images among `urls` (blank ones skipped). */
export function loadImages(source: ContentSource, urls: Array<string | null | undefined>): Promise<ImageInfoMap> {
  const wanted = [...new Set(urls.filter((url): url is string => Boolean(url)))];
  return wanted.length ? source.describeImages(wanted) : Promise.resolve({});
}
