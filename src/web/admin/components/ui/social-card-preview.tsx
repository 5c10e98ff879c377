import { DEFAULT_SHARE_IMAGE_PATH } from '../../../../shared/share-card';

type Props = { title: string; description: string; image?: string | undefined };

/**
 * Roughly how a link to the page looks when shared (a large-image card):
 * the picture at 1.91:1, the site's address, the title and description as
 * search engines and social sites cut them. Without a picture of its own the
 * page shares the site's default card.
 */
export function SocialCardPreview({ title, description, image }: Props) {
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return (
    <figure className="adm-card-preview" aria-label="Social card preview">
      <img className="adm-card-preview__image" src={image || DEFAULT_SHARE_IMAGE_PATH} alt="" width="600" height="315" />
      <figcaption className="adm-card-preview__text">
        <span className="adm-card-preview__host">{host}</span>
        <strong className="adm-card-preview__title">{clipTo(title, 70)}</strong>
        <span className="adm-card-preview__description">{clipTo(description, 160)}</span>
      </figcaption>
    </figure>
  );
}

const clipTo = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
