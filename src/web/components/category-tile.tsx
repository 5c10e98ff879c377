import { useRef } from 'react';
import { Link } from './link';
import type { CategorySummary } from '../loaders';
import { Picture } from '../images/picture';

const TILE_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** A tile swaps to its hover image, or plays its video, while pointed at or focused. */
export function CategoryTile({ category }: { category: CategorySummary }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const start = () => {
    videoRef.current?.play().catch(() => {});
  };
  const stop = () => {
    const video = videoRef.current;
    if (!video) return;
    video.pause();
    video.currentTime = 0;
  };
  return (
    <Link
      to={`/category/${category.slug}`}
      className="category-tile"
      onMouseEnter={start}
      onMouseLeave={stop}
      onFocus={start}
      onBlur={stop}
    >
      <div className="category-tile__media">
        <Picture className="category-tile__image" src={category.tileImage} alt="" sizes={TILE_SIZES} width={640} height={480} />
        {category.hoverImage && <Picture className="category-tile__hover" src={category.hoverImage} alt="" sizes={TILE_SIZES} width={640} height={480} />}
        {category.tileVideo && (
          <video ref={videoRef} className="category-tile__video" src={category.tileVideo} muted loop playsInline preload="none" aria-hidden="true" tabIndex={-1} />
        )}
      </div>
      <div className="category-tile__body">
        <h3 className="category-tile__title">{category.title}</h3>
        <p className="category-tile__text">{category.description}</p>
      </div>
    </Link>
  );
}
