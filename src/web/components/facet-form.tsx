import type { FormEvent } from 'react';
import type { Facet, ProductSort } from '../../shared/schemas/attribute';

type Props = {
  /** The page the form asks again (`/category/blender`). */
  action: string;
  facets: Facet[];
  /** The chosen values by attribute slug (value slugs, a number's range `min-max`). */
  chosen: Record<string, string[]>;
  /** The sort shown chosen: a product sort, or '' for the search's ranking (`sorts` then offers it). */
  sort: ProductSort | '';
  /** The sorts offered, in order (the catalogue's by default; a search puts its ranking first). */
  sorts?: readonly { value: ProductSort | ''; label: string }[];
  /** Kept across a new choice as hidden fields: the tag chips' selection, the search's words. */
  keep?: Record<string, string>;
  /** With JavaScript: the page's address for the form's choices, followed in place. */
  onApply?: (search: URLSearchParams) => void;
};

export const SORT_LABELS: Record<ProductSort, string> = {
  order: 'Featured',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

export const PRODUCT_SORT_OPTIONS = (Object.keys(SORT_LABELS) as ProductSort[]).map((value) => ({ value, label: SORT_LABELS[value] }));

const rangeOf = (value: string | undefined) => {
  const match = /^(-?\d+(?:\.\d+)?)?-(-?\d+(?:\.\d+)?)?$/.exec(value ?? '') ?? /^(\d+(?:\.\d+)?)$/.exec(value ?? '');
  if (!match) return { min: '', max: '' };
  return match.length === 2 ? { min: match[1]!, max: match[1]! } : { min: match[1] ?? '', max: match[2] ?? '' };
};

/**
 * The filter attributes as a GET form (decision 072): checkboxes for a choice's values and a yes/no,
 * two numbers for a range, the sort. Without JavaScript the browser asks for the page with the choices
 * in its address (`?level=beginner&level=advanced&duration-min=0&duration-max=180`), which the server reads
 * in the normal form `?level=advanced,beginner&duration=0-180`: a shareable address either way.
 */
export function FacetForm({ action, facets, chosen, sort, sorts = PRODUCT_SORT_OPTIONS, keep = {}, onApply }: Props) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onApply) return;
    event.preventDefault();
    onApply(new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>));
  };
  return (
    <form className="facet-form" method="get" action={action} onSubmit={submit} aria-label="Filter and sort">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {facets.map((facet) => (
        <fieldset key={facet.slug} className="facet">
          <legend className="facet__name">
            {facet.type === 'number' && facet.unit ? `${facet.name} (${facet.unit})` : facet.name}
          </legend>
          {facet.type === 'number' ? (
            <NumberRange facet={facet} value={chosen[facet.slug]?.[0]} />
          ) : (
            <ul className="facet__values">
              {facet.values.map((value) => {
                const checked = chosen[facet.slug]?.includes(value.slug) ?? false;
                return (
                  <li key={value.slug}>
                    <label className={value.count === 0 && !checked ? 'facet__value facet__value--none' : 'facet__value'}>
                      <input type="checkbox" name={facet.slug} value={value.slug} defaultChecked={checked} />
                      {` ${facet.type === 'boolean' ? (value.value === 'true' ? 'Yes' : 'No') : value.value} `}
                      <span className="facet__count">{`(${value.count})`}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
      ))}
      <label className="facet-form__sort">
        Sort by{' '}
        <select name="sort" defaultValue={sort}>
          {sorts.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary btn-md">
        Apply filters
      </button>
    </form>
  );
}

function NumberRange({ facet, value }: { facet: Facet; value: string | undefined }) {
  const { min, max } = rangeOf(value);
  return (
    <div className="facet__range">
      <label>
        From <input type="number" inputMode="decimal" step="any" name={`${facet.slug}-min`} defaultValue={min} placeholder={facet.min === null ? '' : String(facet.min)} />
      </label>{' '}
      <label>
        to <input type="number" inputMode="decimal" step="any" name={`${facet.slug}-max`} defaultValue={max} placeholder={facet.max === null ? '' : String(facet.max)} />
      </label>
    </div>
  );
}
