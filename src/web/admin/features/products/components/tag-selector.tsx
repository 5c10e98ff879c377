import { useId, useState } from 'react';
import type { Tag } from '../../../../../shared/schemas';
import { canCreateTag, createTag, suggestTags } from '../api/tags';

type Props = {
  tags: Tag[];
  onTagCreated: (tag: Tag) => void;
  selected: string[];
  onChange: (selected: string[]) => void;
};

/** Exact title first, then titles starting with the text, then the rest: Enter picks the likeliest first. */
const byCloseness = (query: string) => {
  const needle = query.trim().toLowerCase();
  const rank = (tag: Tag) => (tag.title.toLowerCase() === needle ? 0 : tag.title.toLowerCase().startsWith(needle) ? 1 : 2);
  return (a: Tag, b: Tag) => rank(a) - rank(b);
};

/**
 * Search existing tags or create one from the typed text.
 * The arrow keys move a highlight over the suggestions and the create choice,
 * Enter takes the highlighted one. The first suggestion is highlighted as you
 * type ("Beg" + Enter adds "Beginner"); creating a tag is never the default:
 * it is chosen with the arrows or a click.
 */
export function TagSelector({ tags, onTagCreated, selected, onChange }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const suggestions = query.trim() ? suggestTags(tags, selected, query).sort(byCloseness(query)) : suggestTags(tags, selected, query);
  const creatable = canCreateTag(tags, query);
  const choices = suggestions.length + (creatable ? 1 : 0);
  // Highlighted choice: the index in suggestions, suggestions.length for "Create tag", -1 for none.
  const [active, setActive] = useState(-1);
  const highlighted = active >= 0 && active < choices ? active : query.trim() && suggestions.length ? 0 : -1;
  const activeTag = highlighted >= 0 && highlighted < suggestions.length ? suggestions[highlighted] : undefined;
  const createActive = creatable && highlighted === suggestions.length;
  const selectedTags = selected.map((tagId) => tags.find((tag) => tag.id === tagId)).filter((tag): tag is Tag => Boolean(tag));

  const add = (tagId: string) => {
    onChange([...selected, tagId]);
    setQuery('');
    setActive(-1);
  };

  const create = async () => {
    const title = query.trim();
    if (!canCreateTag(tags, title)) return;
    setCreating(true);
    try {
      const tag = await createTag(title);
      onTagCreated(tag);
      add(tag.id);
    } catch (error) {
      // A failed tag creation is only logged.
      console.error('Failed to create tag', error);
    } finally {
      setCreating(false);
    }
  };

  return (
    <fieldset className="adm-fieldset">
      <legend className="adm-fieldset__legend">Tags</legend>
      <ul className="adm-chips" aria-label="Selected tags">
        {selectedTags.map((tag) => (
          <li key={tag.id} className="adm-chip">
            {tag.title}
            <button type="button" className="adm-chip__remove" onClick={() => onChange(selected.filter((tagId) => tagId !== tag.id))} aria-label={`Remove tag ${tag.title}`}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <label className="adm-field__label" htmlFor={id}>
        Search tags
      </label>
      <input
        id={id}
        className="adm-input"
        type="search"
        value={query}
        autoComplete="off"
        placeholder="Type to search or create a tag"
        aria-describedby={`${id}-keys`}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            if (choices === 0) return;
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((highlighted + step + choices) % choices);
          } else if (event.key === 'Escape' && query) {
            event.preventDefault();
            setQuery('');
            setActive(-1);
          } else if (event.key === 'Enter') {
            // Never submits the product form: Enter here is about tags.
            event.preventDefault();
            if (activeTag) add(activeTag.id);
            else if (createActive) void create();
          }
        }}
      />
      <p className="adm-field__hint" id={`${id}-keys`} aria-live="polite">
        {activeTag
          ? `Enter adds “${activeTag.title}”; ↑ ↓ choose another`
          : createActive
            ? `Enter creates the tag “${query.trim()}”`
            : creatable
              ? `No tag matches: press ↓ to choose “Create tag”`
              : 'Type to search tags'}
      </p>
      <ul className="adm-tag-suggestions" aria-label="Tag suggestions">
        {suggestions.map((tag) => (
          <li key={tag.id}>
            <button
              type="button"
              className={`adm-chip adm-chip--button${tag === activeTag ? ' adm-chip--active' : ''}`}
              onClick={() => add(tag.id)}
              aria-label={`Add tag ${tag.title}`}
              aria-current={tag === activeTag || undefined}
            >
              + {tag.title}
            </button>
          </li>
        ))}
        {creatable ? (
          <li>
            <button
              type="button"
              className={`adm-chip adm-chip--create${createActive ? ' adm-chip--active' : ''}`}
              onClick={() => void create()}
              disabled={creating}
              aria-current={createActive || undefined}
            >
              Create tag &quot;{query.trim()}&quot;
            </button>
          </li>
        ) : null}
      </ul>
    </fieldset>
  );
}
