import type { SaveStatus } from '../../hooks/use-save-state';

type Props = {
  status: SaveStatus;
  idleLabel?: string;
  onClick?: () => void;
  type?: 'button' | 'submit';
  disabled?: boolean;
  /**
   * A field is invalid: Save refuses (the summary beside it says why). Shown as refused but not
   * disabled, not even aria-disabled: pressing it is how the user is taken to the first invalid field.
   */
  refused?: boolean;
};

/** "Save" → "Saving..." (disabled) → "Saved" for a moment (spec §4). */
export function SaveButton({ status, idleLabel = 'Save', onClick, type = 'button', disabled, refused }: Props) {
  const label = status === 'saving' ? 'Saving...' : status === 'saved' ? 'Saved' : idleLabel;
  return (
    <button
      type={type}
      className={`adm-button adm-button--primary${status === 'saved' ? ' adm-button--success' : ''}${refused ? ' adm-button--refused' : ''}`}
      onClick={onClick}
      disabled={disabled || status === 'saving'}
      aria-live="polite"
    >
      {label}
    </button>
  );
}
