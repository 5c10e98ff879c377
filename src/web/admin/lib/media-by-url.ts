import type { MediaItem } from '../../../shared/schemas/media';
import { fetchMediaPage } from './media-api';

// One look-up per address while the admin is open; a saved alt text replaces the entry.
const known = new Map<string, Promise<MediaItem | null>>();

/**
 * The library item an uploaded file's address points at (`/uploads/<key>`), found through the
 * library's search, which matches the stored key; null for links to other sites or unknown files.
 */
export function mediaByUrl(url: string): Promise<MediaItem | null> {
  if (!url.startsWith('/uploads/')) return Promise.resolve(null);
  let found = known.get(url);
  if (!found) {
    const key = url.slice('/uploads/'.length);
    found = fetchMediaPage({ q: key }, null, 10).then(
      (page) => page.items.find((item) => item.url === url) ?? null,
      () => null,
    );
    known.set(url, found);
  }
  return found;
}

/** After a save in a form, the next look-up shows the new alt text. */
export const rememberMedia = (item: MediaItem) => known.set(item.url, Promise.resolve(item));
