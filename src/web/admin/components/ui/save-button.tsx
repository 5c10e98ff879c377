import type { SaveStatus } from '../../hooks/use-save-state';

type Props = {
  status: SaveStatus;
  idleLabel?: string;
  onClick?: () => void;
  type?: 'button' | 'submit';
  disabled?: boolean;
  /** A field is invalid: Save refuses (and says why) but stays reachable by keyboard, unlike a disabled button. */
  refused?: boolean;
};

/** "Save" → "Saving..." (disabled) → "Saved" for a moment (spec §4). */
export function SaveButton({ status, idleLabel = 'Save', onClick, type = 'button', disabled, refused }: Props) {
  const label = status === 'saving' ? 'Saving...' : status === 'saved' ? 'Saved' : idleLabel;
  return (
    <button
      type={type}
      className={`adm-button adm-button--primary${status === 'saved' ? ' adm-button--success' : ''}`}
      onClick={onClick}
      disabled={disabled || status === 'saving'}
      aria-disabled={refused || undefined}
      aria-live="polite"
    >
      {label}
    </button>
  );
}
