import { useEffect, useId, useRef, useState } from 'react';
import { slugify } from '../../../../shared/slugify';
import { ConfirmDialog } from './confirm-dialog';
import { FieldShell, describedBy } from './form-field';

/**
 * The slug a title edit leaves: it follows the title until the item is first
 * saved; after that the address is stable (issue 12) and changes only
 * through "Change URL".
 */
export const slugAfterTitleEdit = (saved: boolean, currentSlug: string, title: string) => (saved ? currentSlug : slugify(title));

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** The item has been saved: its address is public and the field is locked. */
  saved: boolean;
  hint?: string;
  error?: string;
};

/**
 * The slug of a product or category. Once the item is saved the field is
 * read-only; "Change URL" unlocks it after a warning, since visitors' links
 * and search results use the address (the old one will redirect).
 */
export function SlugField({ value, onChange, saved, hint, error }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [unlocked, setUnlocked] = useState(false);
  const [asking, setAsking] = useState(false);
  const locked = saved && !unlocked;
  const lockHint = locked ? 'The address is in use: change it only through "Change URL".' : undefined;
  const shownHint = [hint, lockHint].filter(Boolean).join(' ') || undefined;

  useEffect(() => {
    if (unlocked) input.current?.focus();
  }, [unlocked]);

  return (
    <FieldShell id={id} label="Slug" hint={shownHint} error={error} required>
      <div className="adm-slug-field">
        <input
          ref={input}
          id={id}
          className="adm-input"
          type="text"
          value={value}
          readOnly={locked}
          aria-readonly={locked || undefined}
          onChange={(event) => onChange(event.target.value)}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, shownHint, error)}
        />
        {locked ? (
          <button type="button" className="adm-button" onClick={() => setAsking(true)}>
            Change URL
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        title="Change URL"
        confirmLabel="Change URL"
        onConfirm={() => {
          setAsking(false);
          setUnlocked(true);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>Links to the old address will redirect to the new one.</p>
        <p>Search engines and visitors' bookmarks will move to the new address over time; choose it with care.</p>
      </ConfirmDialog>
    </FieldShell>
  );
}
