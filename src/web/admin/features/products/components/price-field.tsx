import { useId, useState } from 'react';
import { FieldShell, describedBy } from '../../../components/ui/form-field';
import { priceProblem } from '../../../../../shared/price';

/** The usual suspects first; a stored code that is not listed is offered too. */
const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN', 'INR', 'BRL', 'MXN'];
const DEFAULT_CURRENCY = 'USD';

type Props = {
  price: number | null;
  currency: string | null;
  onChange: (pair: { price: number | null; currency: string | null }) => void;
  errors: { price?: string | undefined; currency?: string | undefined };
};

/**
 * An optional price: empty means none. The text is kept as typed ("29." while
 * typing) and turned into a number for the form; a price always carries a
 * currency, so the pair the server receives is whole.
 */
export function PriceField({ price, currency, onChange, errors }: Props) {
  const priceId = useId();
  const currencyId = useId();
  const [text, setText] = useState(price === null ? '' : String(price));
  // A price set from outside (a kept draft restored, editions reordered) is shown; one typed here keeps its text ("29.").
  const [shown, setShown] = useState(price);
  if (!Object.is(shown, price)) {
    setShown(price);
    const typed = text.trim().replace(',', '.');
    if (!Object.is(typed === '' ? null : Number(typed), price)) setText(price === null ? '' : String(price));
  }
  const codes = currency && !CURRENCIES.includes(currency) ? [currency, ...CURRENCIES] : CURRENCIES;

  const changePrice = (value: string) => {
    setText(value);
    const trimmed = value.trim().replace(',', '.');
    if (trimmed === '') return onChange({ price: null, currency: null });
    const parsed = Number(trimmed);
    // Not a number yet: kept as NaN so the form's check names the field instead of saving a wrong value.
    onChange({ price: parsed, currency: currency ?? DEFAULT_CURRENCY });
  };

  const local = price !== null && Number.isFinite(price) ? priceProblem(price, currency) : null;
  const priceError = errors.price ?? (local?.field === 'price' ? local.message : undefined);
  const currencyError = errors.currency ?? (local?.field === 'currency' ? local.message : undefined);
  const hint = 'Optional: shown beside Buy Now and on product cards, e.g. 29.99';

  return (
    <div className="adm-grid-2">
      <FieldShell id={priceId} label="Price" hint={hint} error={priceError}>
        <input
          id={priceId}
          className="adm-input"
          type="text"
          inputMode="decimal"
          placeholder="29.99"
          value={text}
          onChange={(event) => changePrice(event.target.value)}
          aria-invalid={priceError ? true : undefined}
          aria-describedby={describedBy(priceId, hint, priceError)}
        />
      </FieldShell>
      <FieldShell id={currencyId} label="Currency" error={currencyError}>
        <select
          id={currencyId}
          className="adm-input adm-select"
          value={currency ?? ''}
          disabled={price === null}
          onChange={(event) => onChange({ price, currency: event.target.value || null })}
          aria-invalid={currencyError ? true : undefined}
          aria-describedby={describedBy(currencyId, undefined, currencyError)}
        >
          <option value="">No price</option>
          {codes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </FieldShell>
    </div>
  );
}
