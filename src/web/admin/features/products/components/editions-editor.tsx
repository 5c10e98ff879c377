import { useState } from 'react';
import type { Edition } from '../../../../../shared/schemas/edition';
import { TextField } from '../../../components/ui/form-field';
import { ReorderContext, useSortableItem } from '../../../components/ui/sortable';
import type { FieldErrors } from '../../../lib/field-errors';
import { addEdition, changeEdition, editionError, editionList, hasSaleOrAvailability, moveEdition, removeEdition, type EditionsValue } from '../lib/edition-list';
import { PriceField } from './price-field';
import { SaleFields } from './edition-fields';
import '../../../styles/editions.css';

/** As many as a write takes (EditionsInputSchema). */
const MAX_EDITIONS = 20;

type Update = (change: <V extends EditionsValue>(value: V) => V) => void;
type Props = { value: EditionsValue; update: Update; errors: FieldErrors };

const errorsOf = (errors: FieldErrors, index: number, single: boolean) => ({
  name: editionError(errors, index, 'name', single),
  buyLink: editionError(errors, index, 'buyLink', single),
  price: editionError(errors, index, 'price', single),
  currency: editionError(errors, index, 'currency', single),
  compareAtPrice: editionError(errors, index, 'compareAtPrice', single),
  saleEndsAt: editionError(errors, index, 'saleEndsAt', single),
  availability: editionError(errors, index, 'availability', single),
});

/**
 * The product's editions (issue 28, decision 063). A product with one edition shows today's Buy Link
 * and price, its sale and availability folded away, and "Add edition"; with several, each edition is
 * a group of its own fields, reordered by its handle (pointer, or Space and the arrow keys) or its
 * Move buttons. The first is the default, whose Buy link and price the product's fields repeat.
 */
export function EditionsEditor({ value, update, errors }: Props) {
  const editions = editionList(value);
  const change = (index: number) => (patch: Partial<Edition>) => update((current) => changeEdition(current, index, patch));
  const move = (from: number, to: number) => update((current) => moveEdition(current, from, to));
  const add = () => update((current) => addEdition(current));

  if (editions.length === 1) return <OneEdition edition={editions[0]!} onChange={change(0)} errors={errorsOf(errors, 0, true)} onAdd={add} />;

  const labelOf = (edition: Edition, index: number) => edition.name.trim() || `edition ${index + 1}`;
  return (
    <section className="adm-editions" aria-label="Editions">
      <h3 className="adm-editions__title">Editions</h3>
      <p className="adm-field__hint">Visitors choose between these on the product page. The first is the default: cards and the Buy bar show it first.</p>
      <ReorderContext ids={editions.map((edition) => edition.id)} onMove={move} labelOf={(id) => labelOf(editions.find((edition) => edition.id === id)!, editions.findIndex((edition) => edition.id === id))}>
        <ol className="adm-editions__list">
          {editions.map((edition, index) => (
            <EditionItem
              key={edition.id}
              edition={edition}
              index={index}
              count={editions.length}
              label={labelOf(edition, index)}
              onChange={change(index)}
              onMove={move}
              onRemove={() => update((current) => removeEdition(current, index))}
              errors={errorsOf(errors, index, false)}
            />
          ))}
        </ol>
      </ReorderContext>
      {errors.editions ? (
        <p className="adm-field__error" role="alert">
          {errors.editions.replace(/^editions: /, 'Editions: ')}
        </p>
      ) : null}
      <button type="button" className="adm-button" onClick={add} disabled={editions.length >= MAX_EDITIONS}>
        Add edition
      </button>
    </section>
  );
}

type EditionErrors = ReturnType<typeof errorsOf>;

/** A product sold as before: the Buy Link and price of today's form; the sale and availability folded until used. */
function OneEdition({ edition, onChange, errors, onAdd }: { edition: Edition; onChange: (patch: Partial<Edition>) => void; errors: EditionErrors; onAdd: () => void }) {
  const extrasInvalid = Boolean(errors.compareAtPrice || errors.saleEndsAt || errors.availability);
  const [open, setOpen] = useState(() => hasSaleOrAvailability(edition));
  return (
    <>
      <TextField label="Buy Link" required type="url" value={edition.buyLink} onChange={(buyLink) => onChange({ buyLink })} error={errors.buyLink} />
      <PriceField price={edition.price} currency={edition.currency} onChange={(pair) => onChange(pair)} errors={{ price: errors.price, currency: errors.currency }} />
      <details className="adm-edition-extras" open={open || extrasInvalid} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Sale and availability</summary>
        <SaleFields edition={edition} onChange={onChange} errors={errors} />
      </details>
      <div className="adm-editions__add">
        <button type="button" className="adm-button" onClick={onAdd}>
          Add edition
        </button>
        <span className="adm-field__hint">Sell this product in several editions, e.g. Video course and Team licence, each with its own price and Buy link.</span>
      </div>
    </>
  );
}

function EditionItem(props: {
  edition: Edition;
  index: number;
  count: number;
  label: string;
  onChange: (patch: Partial<Edition>) => void;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  errors: EditionErrors;
}) {
  const { edition, index, count, label, onChange, onMove, onRemove, errors } = props;
  const { setNodeRef, style, handle } = useSortableItem(edition.id, label);
  return (
    <li ref={setNodeRef} style={style} className="adm-edition">
      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">
          Edition {index + 1}
          {index === 0 ? ' (default)' : ''}
        </legend>
        <div className="adm-edition__tools">
          {handle}
          <button type="button" className="adm-icon-button" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={`Move ${label} up`}>
            ↑
          </button>
          <button type="button" className="adm-icon-button" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={`Move ${label} down`}>
            ↓
          </button>
          <button type="button" className="adm-icon-button adm-icon-button--danger" onClick={onRemove} aria-label={`Remove ${label}`}>
            ×
          </button>
        </div>
        <div className="adm-grid-2">
          <TextField label="Name" required placeholder="Video course" value={edition.name} onChange={(name) => onChange({ name })} error={errors.name} />
          <TextField label="Buy Link" required type="url" value={edition.buyLink} onChange={(buyLink) => onChange({ buyLink })} error={errors.buyLink} />
        </div>
        <PriceField price={edition.price} currency={edition.currency} onChange={(pair) => onChange(pair)} errors={{ price: errors.price, currency: errors.currency }} />
        <SaleFields edition={edition} onChange={onChange} errors={errors} />
      </fieldset>
    </li>
  );
}
