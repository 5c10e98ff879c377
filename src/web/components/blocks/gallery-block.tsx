import type { Block } from '../../../shared/schemas/page';
import { Picture } from '../../images/picture';

const TILE_SIZES: Record<number, string> = {
  1: '(min-width: 1024px) 960px, 100vw',
  2: '(min-width: 640px) 50vw, 100vw',
  3: '(min-width: 640px) 33vw, 50vw',
  4: '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
};

/** The product gallery's 16:9 tiles, each a link to the full picture: nothing to run, with or without JavaScript. */
export function GalleryBlock({ block }: { block: Extract<Block, { type: 'gallery' }> }) {
  const images = [...block.images].sort((a, b) => a.order - b.order);
  const layout = Math.min(images.length, 4);
  return (
    <ul className={`page-block gallery gallery--${layout}`}>
      {images.map((image, index) => (
        <li key={`${image.url}-${index}`} className="gallery__tile">
          <a className="gallery__link" href={image.url}>
            <Picture src={image.url} alt={image.alt} sizes={TILE_SIZES[layout]!} width={1600} height={900} />
          </a>
        </li>
      ))}
    </ul>
  );
}
