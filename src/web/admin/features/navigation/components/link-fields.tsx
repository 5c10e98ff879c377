import { useId, useState } from 'react';
import { FieldShell, TextField, describedBy } from '../../../components/ui/form-field';
import type { FieldErrors } from '../../../lib/field-errors';
import type { LinkTarget, LinkTargets } from '../api/navigation';

export type LinkValue = { label: string; href: string };

type Kind = 'home' | 'about' | 'search' | 'category' | 'product' | 'page' | 'external';
const KIND_LABELS: Record<Kind, string> = {
  home: 'Home',
  about: 'About',
  search: 'Search',
  category: 'A category',
  product: 'A product',
  page: 'A page',
  external: 'An address (other site: opens in a new tab)',
};
const FIXED: Partial<Record<Kind, { href: string; label: string }>> = {
  home: { href: '/', label: 'Home' },
  about: { href: '/about', label: 'About' },
  search: { href: '/search', label: 'Search' },
};

/** What an address leads to, for the picker. */
export function kindOf(href: string): Kind {
  if (href === '/') return 'home';
  if (href === '/about') return 'about';
  if (href === '/search' || href.startsWith('/search?')) return 'search';
  if (href.startsWith('/category/')) return 'category';
  if (href.startsWith('/product/')) return 'product';
  if (href.startsWith('/pages/')) return 'page';
  return 'external';
}

type Props = {
  /** "Header item 2", "Column 1 link 3": starts each field's label. */
  name: string;
  value: LinkValue;
  onChange: (change: Partial<LinkValue>) => void;
  /** Errors under this link (`label`, `href`). */
  errors: FieldErrors;
  targets: LinkTargets | null;
};

/**
 * One menu link: its text and what it leads to, picked from the site (home,
 * a category, a product, a page, About, search) or typed (an external
 * address). Choosing a target fills an empty label with its name.
 */
export function LinkFields({ name, value, onChange, errors, targets }: Props) {
  const kindId = useId();
  const targetId = useId();
  // An address tells its kind; a category not yet chosen has none, so the choice is kept here meanwhile.
  const [pending, setPending] = useState<Kind>('page');
  const kind = value.href ? kindOf(value.href) : pending;
  const choices: LinkTarget[] | null = targets ? (kind === 'category' ? targets.categories : kind === 'product' ? targets.products : kind === 'page' ? targets.pages : null) : null;
  const chooseKind = (next: Kind) => {
    setPending(next);
    const fixed = FIXED[next];
    if (fixed) onChange({ href: fixed.href, ...(value.label.trim() === '' ? { label: fixed.label } : {}) });
    else if (next === 'external') onChange({ href: kindOf(value.href) === 'external' ? value.href : 'https://' });
    else onChange({ href: '' });
  };
  const hrefError = errors.href;
  return (
    <div className="adm-nav-link">
      <TextField label={`${name} label`} required maxLength={100} value={value.label} onChange={(label) => onChange({ label })} error={errors.label} />
      <FieldShell id={kindId} label={`${name} links to`}>
        <select id={kindId} className="adm-input adm-select" value={kind} onChange={(event) => chooseKind(event.target.value as Kind)}>
          {(Object.keys(KIND_LABELS) as Kind[]).map((option) => (
            <option key={option} value={option}>
              {KIND_LABELS[option]}
            </option>
          ))}
        </select>
      </FieldShell>
      {kind === 'external' ? (
        <TextField
          label={`${name} address`}
          required
          type="url"
          placeholder="https://"
          value={value.href}
          onChange={(href) => onChange({ href })}
          error={hrefError}
        />
      ) : null}
      {choices ? (
        <FieldShell id={targetId} label={`${name} ${kind}`} required error={hrefError}>
          <select
            id={targetId}
            className="adm-input adm-select"
            value={value.href}
            aria-invalid={hrefError ? true : undefined}
            aria-describedby={describedBy(targetId, undefined, hrefError)}
            onChange={(event) => {
              const href = event.target.value;
              const target = choices.find((choice) => choice.href === href);
              onChange({ href, ...(target && value.label.trim() === '' ? { label: target.title } : {}) });
            }}
          >
            <option value="">Choose a {kind}</option>
            {/* An address that names nothing listed (deleted since) still shows, so a save does not change it unseen. */}
            {value.href && !choices.some((choice) => choice.href === value.href) ? <option value={value.href}>{value.href}</option> : null}
            {choices.map((choice) => (
              <option key={choice.href} value={choice.href}>
                {choice.note ? `${choice.title} (${choice.note})` : choice.title}
              </option>
            ))}
          </select>
        </FieldShell>
      ) : null}
      {!choices && !FIXED[kind] && kind !== 'external' ? <p className="adm-field__hint">Loading the site's {kind}s…</p> : null}
      {FIXED[kind] && hrefError ? (
        <p className="adm-field__error" role="alert">
          {hrefError}
        </p>
      ) : null}
    </div>
  );
}
