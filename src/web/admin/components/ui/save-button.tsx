import type { SaveStatus } from '../../hooks/use-save-state';

type Props = { status: SaveStatus; idleLabel?: string; onClick?: () => void; type?: 'button' | 'submit'; disabled?: boolean };

/** "Save" → "Saving..." (disabled) → "Saved" for a moment (spec §4). */
export function SaveButton({ status, idleLabel = 'Save', onClick, type = 'button', disabled }: Props) {
  const label = status === 'saving' ? 'Saving...' : status === 'saved' ? 'Saved' : idleLabel;
  return (
    <button
      type={type}
      className={`adm-button adm-button--primary${status === 'saved' ? ' adm-button--success' : ''}`}
      onClick={onClick}
      disabled={disabled || status === 'saving'}
      aria-live="polite"
    >
      {label}
    </button>
  );
}
