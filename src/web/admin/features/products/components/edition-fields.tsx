import { useId, useState } from 'react';
import type { Edition } from '../../../../../shared/schemas/edition';
import { AVAILABILITIES } from '../../../../../shared/schemas/edition';
import { FieldShell, describedBy } from '../../../components/ui/form-field';
import { fromLocalInput, toLocalInput } from '../../../lib/publishing';
import { AVAILABILITY_LABELS } from '../lib/edition-list';

type Change = (change: Partial<Edition>) => void;
type Errors = { compareAtPrice?: string | undefined; saleEndsAt?: string | undefined; availability?: string | undefined };

const parseAmount = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
};

/** An optional amount typed as text ("29." while typing); empty is none, a non-number stays NaN for the check to name. */
function AmountField({ label, value, hint, error, onChange }: { label: string; value: number | null; hint: string; error?: string | undefined; onChange: (value: number | null) => void }) {
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  // A value set from outside (a kept draft restored, a reload) is shown; one typed here keeps its text ("29.").
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (!Object.is(parseAmount(text), value)) setText(value === null ? '' : String(value));
  }
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        className="adm-input"
        type="text"
        inputMode="decimal"
        placeholder="39.99"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseAmount(event.target.value));
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldShell>
  );
}

/**
 * The sale and availability of one edition: the compare-at price (shown struck through, "Save 25%"),
 * when the sale ends (in the browser's zone; after it the compare-at price is the price again), and
 * whether it can be bought now. Sold-out and coming-soon editions have no Buy link on the site.
 */
export function SaleFields({ edition, onChange, errors }: { edition: Edition; onChange: Change; errors: Errors }) {
  const endId = useId();
  const availabilityId = useId();
  const endHint = 'Optional, in your time zone: after it the sale price stops showing by itself.';
  return (
    <div className="adm-grid-3">
      <AmountField
        // Not "… price": the edition's Price field is found by its label, as on the form before editions.
        label="Compare-at amount"
        value={edition.compareAtPrice}
        hint="Optional: the price before the sale, shown struck through; above the price"
        error={errors.compareAtPrice}
        onChange={(compareAtPrice) => onChange(compareAtPrice === null ? { compareAtPrice, saleEndsAt: null } : { compareAtPrice })}
      />
      <FieldShell id={endId} label="Sale ends" hint={endHint} error={errors.saleEndsAt}>
        <input
          id={endId}
          className="adm-input"
          type="datetime-local"
          step={60}
          value={toLocalInput(edition.saleEndsAt)}
          disabled={edition.compareAtPrice === null && edition.saleEndsAt === null}
          onChange={(event) => onChange({ saleEndsAt: fromLocalInput(event.target.value) })}
          aria-invalid={errors.saleEndsAt ? true : undefined}
          aria-describedby={describedBy(endId, endHint, errors.saleEndsAt)}
        />
      </FieldShell>
      <FieldShell id={availabilityId} label="Availability" error={errors.availability}>
        <select
          id={availabilityId}
          className="adm-input adm-select"
          value={edition.availability}
          onChange={(event) => onChange({ availability: event.target.value as Edition['availability'] })}
          aria-invalid={errors.availability ? true : undefined}
          aria-describedby={describedBy(availabilityId, undefined, errors.availability)}
        >
          {AVAILABILITIES.map((value) => (
            <option key={value} value={value}>
              {AVAILABILITY_LABELS[value]}
            </option>
          ))}
        </select>
      </FieldShell>
    </div>
  );
}
