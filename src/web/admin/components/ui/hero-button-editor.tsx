import { useId } from 'react';
import { HERO_BUTTON_COLORS, HERO_BUTTON_SIZES, HERO_BUTTON_VARIANTS, type HeroButton } from '../../../../shared/schemas';
import type { FieldErrors } from '../../lib/field-errors';
import { SelectField, TextField, ToggleField } from './form-field';

type Props = { legend: string; value: HeroButton; onChange: (value: HeroButton) => void; errors?: FieldErrors };

export function HeroButtonPreview({ button }: { button: HeroButton }) {
  return (
    <span className={`adm-hero-btn adm-hero-btn--${button.color} adm-hero-btn--${button.variant} adm-hero-btn--${button.size}`}>
      {button.text || 'Button'}
    </span>
  );
}

/** One hero button; the preview shows only while the button is active. */
export function HeroButtonEditor({ legend, value, onChange, errors = {} }: Props) {
  const id = useId();
  const set = <K extends keyof HeroButton>(key: K, next: HeroButton[K]) => onChange({ ...value, [key]: next });
  return (
    <fieldset className="adm-fieldset" aria-describedby={value.isActive ? `${id}-preview` : undefined}>
      <legend className="adm-fieldset__legend">{legend}</legend>
      <ToggleField label="Active" checked={value.isActive} onChange={(checked) => set('isActive', checked)} />
      <div className="adm-grid-2">
        <TextField label="Text" value={value.text} onChange={(text) => set('text', text)} error={errors.text} />
        <TextField label="Link" value={value.link} onChange={(link) => set('link', link)} error={errors.link} placeholder="/category/... or https://..." />
      </div>
      <div className="adm-grid-3">
        <SelectField label="Color" value={value.color} options={HERO_BUTTON_COLORS} onChange={(color) => set('color', color)} />
        <SelectField label="Variant" value={value.variant} options={HERO_BUTTON_VARIANTS} onChange={(variant) => set('variant', variant)} />
        <SelectField label="Size" value={value.size} options={HERO_BUTTON_SIZES} onChange={(size) => set('size', size)} />
      </div>
      {value.isActive ? (
        <div className="adm-hero-btn-preview" id={`${id}-preview`} aria-label={`${legend} preview`} role="img">
          <HeroButtonPreview button={value} />
        </div>
      ) : null}
    </fieldset>
  );
}
