import type { Block } from '../../../shared/schemas/page';
import { isExternalHref } from '../../../shared/external-link';
import { Link } from '../link';

export function CallToActionBlock({ block }: { block: Extract<Block, { type: 'callToAction' }> }) {
  const { text, link } = block.button;
  const className = 'btn btn-primary btn-solid btn-lg';
  return (
    <section className="page-block page-block--cta">
      <h2 className="page-block__title">{block.heading}</h2>
      {block.text && <p className="page-block__text">{block.text}</p>}
      {isExternalHref(link) ? (
        <a className={className} href={link} target="_blank" rel="noopener noreferrer">
          {text}
        </a>
      ) : (
        <Link className={className} to={link}>
          {text}
        </Link>
      )}
    </section>
  );
}
