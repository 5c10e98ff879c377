type Props = { first: number; shown: number; total: number; onPrevious?: (() => void) | undefined; onNext?: (() => void) | undefined; noun: string };

/** "Showing 51–100 of 10,000 products" with the way back and on. */
export function Pager({ first, shown, total, onPrevious, onNext, noun }: Props) {
  const range = shown === 0 ? `0 ${noun}` : `${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun}`;
  return (
    <nav className="adm-pager" aria-label="Pages">
      <span className="adm-pager__range" role="status">
        Showing {range}
      </span>
      <button type="button" className="adm-button adm-button--small" onClick={onPrevious} disabled={!onPrevious}>
        Previous
      </button>
      <button type="button" className="adm-button adm-button--small" onClick={onNext} disabled={!onNext}>
        Next
      </button>
    </nav>
  );
}

export function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <input className="adm-input adm-search" type="search" aria-label={label} placeholder={`${label}…`} value={value} onChange={(event) => onChange(event.target.value)} />;
}
