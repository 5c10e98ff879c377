import type { Block } from '../../../shared/schemas/page';
import { Picture } from '../../images/picture';

/** A picture from the media library at the page's width, its renditions picked by the browser, with its caption. */
export function ImageBlock({ block, first }: { block: Extract<Block, { type: 'image' }>; first: boolean }) {
  return (
    <figure className="page-block page-block--image">
      <Picture src={block.url} alt={block.alt} sizes="(min-width: 1024px) 960px, 100vw" width={1600} height={900} priority={first} />
      {block.caption && <figcaption className="page-block__caption">{block.caption}</figcaption>}
    </figure>
  );
}
