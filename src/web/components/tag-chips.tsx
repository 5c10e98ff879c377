import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { TagChip } from '../loaders';

type Props = {
  tags: TagChip[];
  selected: ReadonlySet<string>;
  /** The URL of the page with this tag toggled: a plain link works without JavaScript. */
  hrefFor: (slug: string) => string;
  onToggle: (slug: string) => void;
  /** Shown after the chips: the result count. */
  children?: ReactNode;
};

/**
 * Toggle buttons (aria-pressed tells assistive technology which filters are
 * on) that are links underneath, so a filtered view is a URL that can be
 * shared and works without JavaScript; with it, a click toggles in place.
 */
export function TagFilter({ tags, selected, hrefFor, onToggle, children }: Props) {
  const click = (event: MouseEvent<HTMLAnchorElement>, slug: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onToggle(slug);
  };
  // A button answers Space as well as Enter.
  const key = (event: KeyboardEvent<HTMLAnchorElement>, slug: string) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    onToggle(slug);
  };
  return (
    <div className="tag-filter" role="group" aria-labelledby="tag-filter-label">
      <span className="tag-filter__label" id="tag-filter-label">
        Filter by
      </span>
      <ul className="chip-list">
        {tags.map((tag) => (
          <li key={tag.id}>
            <a
              href={hrefFor(tag.slug)}
              role="button"
              className="chip chip--toggle"
              aria-pressed={selected.has(tag.slug)}
              rel="nofollow"
              onClick={(event) => click(event, tag.slug)}
              onKeyDown={(event) => key(event, tag.slug)}
            >
              {tag.title}
            </a>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
