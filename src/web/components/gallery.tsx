import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { GalleryItem } from '../../shared/schemas';
import { byOrder } from '../../shared/constants';
import { Picture } from '../images/picture';
import { GalleryViewer, galleryAlt } from './gallery-viewer';

/** How wide a tile is in each layout (product.css): the browser picks the file from it. */
const TILE_SIZES: Record<number, string> = {
  1: '(min-width: 1024px) 960px, 100vw',
  2: '(min-width: 640px) 50vw, 100vw',
  3: '(min-width: 640px) 33vw, 50vw',
  4: '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
};

/**
 * 16:9 tiles in the gallery's order, in a grid that fits their
 * count (one, two, three, four or more). Each tile links to the full image,
 * which is all there is without JavaScript; with it, the link opens the viewer.
 */
export function Gallery({ items, title }: { items: GalleryItem[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = useRef(false);
  // After the viewer has closed: while it is open, the page behind it cannot take focus.
  useEffect(() => {
    if (open !== null || !returnFocus.current) return;
    returnFocus.current = false;
    opener.current?.focus();
  }, [open]);
  if (items.length === 0) return null;
  const sorted = [...items].sort(byOrder);
  const layout = Math.min(sorted.length, 4);

  const openAt = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window asked for with a modifier gets the plain link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpen(index);
  };
  const close = () => {
    // Back where the visitor was: the tile that opened the viewer.
    returnFocus.current = true;
    setOpen(null);
  };

  return (
    <section className="section" aria-labelledby="gallery-title">
      <h2 className="section__title" id="gallery-title">
        Gallery
      </h2>
      <ul className={`gallery gallery--${layout}`}>
        {sorted.map((item, index) => (
          <li key={`${item.url}-${index}`} className="gallery__tile">
            <a className="gallery__link" href={item.url} onClick={openAt(index)} aria-haspopup="dialog">
              <Picture src={item.url} alt={galleryAlt(title, index)} sizes={TILE_SIZES[layout]!} width={1600} height={900} />
            </a>
          </li>
        ))}
      </ul>
      {open !== null && <GalleryViewer items={sorted} title={title} index={open} onIndex={setOpen} onClose={close} />}
    </section>
  );
}
