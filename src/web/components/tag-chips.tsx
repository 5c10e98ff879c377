import type { Tag } from '../../shared/schemas';

type Props = { tags: Tag[]; selected: ReadonlySet<string>; onToggle: (id: string) => void };

/** Toggle buttons: aria-pressed tells assistive technology which filters are on. */
export function TagFilter({ tags, selected, onToggle }: Props) {
  return (
    <div className="tag-filter" role="group" aria-labelledby="tag-filter-label">
      <span className="tag-filter__label" id="tag-filter-label">
        Filter by
      </span>
      <ul className="chip-list">
        {tags.map((tag) => (
          <li key={tag.id}>
            <button type="button" className="chip chip--toggle" aria-pressed={selected.has(tag.id)} onClick={() => onToggle(tag.id)}>
              {tag.title}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
