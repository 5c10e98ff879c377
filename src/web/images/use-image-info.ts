import { useMatches } from '../router';
import type { ImageInfo } from '../../shared/media';
import type { WithImages } from './image-loader';

/** The facts of a stored image from the loaders of the matched routes (root and page), or undefined. */
export function useImageInfo(url: string | undefined): ImageInfo | undefined {
  const matches = useMatches();
  if (!url) return undefined;
  for (const match of matches) {
    const info = (match.data as Partial<WithImages> | undefined)?.images?.[url];
    if (info) return info;
  }
  return undefined;
}
