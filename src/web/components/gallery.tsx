import type { GalleryItem } from '../../shared/schemas';
import { byOrder } from '../../shared/constants';
import { Picture } from '../images/picture';

/** 16:9 tiles in the gallery's order (spec §4). */
export function Gallery({ items, title }: { items: GalleryItem[]; title: string }) {
  if (items.length === 0) return null;
  return (
    <section className="section" aria-labelledby="gallery-title">
      <h2 className="section__title" id="gallery-title">
        Gallery
      </h2>
      <ul className="gallery">
        {[...items].sort(byOrder).map((item, index) => (
          <li key={`${item.url}-${index}`} className="gallery__tile">
            <Picture src={item.url} alt={`${title}: gallery image ${index + 1}`} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" width={1600} height={900} />
          </li>
        ))}
      </ul>
    </section>
  );
}
