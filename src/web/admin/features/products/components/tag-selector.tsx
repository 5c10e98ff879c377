import { useId, useState } from 'react';
import type { Tag } from '../../../../../shared/schemas';
import { canCreateTag, createTag, suggestTags } from '../api/tags';

type Props = {
  tags: Tag[];
  onTagCreated: (tag: Tag) => void;
  selected: string[];
  onChange: (selected: string[]) => void;
};

/** Search existing tags or create one from the typed text (spec §4, §5). */
export function TagSelector({ tags, onTagCreated, selected, onChange }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const suggestions = suggestTags(tags, selected, query);
  const selectedTags = selected.map((tagId) => tags.find((tag) => tag.id === tagId)).filter((tag): tag is Tag => Boolean(tag));

  const add = (tagId: string) => {
    onChange([...selected, tagId]);
    setQuery('');
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
      // Spec §8: a failed tag creation is only logged.
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
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const exact = suggestions.find((tag) => tag.title.toLowerCase() === query.trim().toLowerCase());
          if (exact) add(exact.id);
          else void create();
        }}
      />
      <ul className="adm-tag-suggestions" aria-label="Tag suggestions">
        {suggestions.map((tag) => (
          <li key={tag.id}>
            <button type="button" className="adm-chip adm-chip--button" onClick={() => add(tag.id)} aria-label={`Add tag ${tag.title}`}>
              + {tag.title}
            </button>
          </li>
        ))}
        {canCreateTag(tags, query) ? (
          <li>
            <button type="button" className="adm-chip adm-chip--create" onClick={() => void create()} disabled={creating}>
              Create tag &quot;{query.trim()}&quot;
            </button>
          </li>
        ) : null}
      </ul>
    </fieldset>
  );
}
