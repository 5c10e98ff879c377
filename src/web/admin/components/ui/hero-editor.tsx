import type { HeroConfig } from '../../../../shared/schemas';
import { nestedErrors, type FieldErrors } from '../../lib/field-errors';
import { TextAreaField, TextField } from './form-field';
import { HeroButtonEditor } from './hero-button-editor';
import { HeroContrastWarning } from './hero-contrast-warning';
import { HeroFirstView, type HeroItemFallback } from './hero-first-view';
import { HexColorField, useLastColor } from './hex-color-field';
import { ImagePicker, VideoPicker } from './media-picker';

/** `fallback`: a product's or category's own title and tile image, which fill the hero's empty fields on the site. */
type Props = { value: HeroConfig; onChange: (value: HeroConfig) => void; errors?: FieldErrors; fallback?: HeroItemFallback };

/** The hero config editor shared by homepage, about, category and product. */
export function HeroEditor({ value, onChange, errors = {}, fallback }: Props) {
  const set = <K extends keyof HeroConfig>(key: K, next: HeroConfig[K]) => onChange({ ...value, [key]: next });
  // While a colour's text is being typed the small view keeps its last colour (the form will not save the text).
  const textColor = useLastColor(value.textColor, true, '');
  const backgroundColor = useLastColor(value.backgroundColor, true, '');
  return (
    <div className="adm-hero-editor">
      <HeroFirstView hero={{ ...value, textColor, backgroundColor }} fallback={fallback} />
      <div className="adm-grid-2">
        <ImagePicker label="Logo" value={value.logo} onChange={(url) => set('logo', url)} error={errors.logo} />
        <ImagePicker label="Hero Image" value={value.heroImage} onChange={(url) => set('heroImage', url)} error={errors.heroImage} />
        <VideoPicker label="Intro Video" value={value.introVideo} onChange={(url) => set('introVideo', url)} error={errors.introVideo} />
        <VideoPicker label="Loop Video" value={value.loopVideo} onChange={(url) => set('loopVideo', url)} error={errors.loopVideo} />
      </div>
      <TextField label="Title" value={value.title} onChange={(title) => set('title', title)} error={errors.title} />
      <TextAreaField
        label="Description"
        value={value.description}
        onChange={(description) => set('description', description)}
        error={errors.description}
      />
      <div className="adm-grid-2">
        {/* Empty is the default white, as the shared schema has it. */}
        <HexColorField label="Text Color" value={value.textColor} allowEmpty onChange={(color) => set('textColor', color)} error={errors.textColor} />
        <HexColorField
          label="Background Color"
          value={value.backgroundColor}
          allowEmpty
          onChange={(color) => set('backgroundColor', color)}
          error={errors.backgroundColor}
        />
      </div>
      <HeroContrastWarning textColor={textColor} backgroundColor={backgroundColor} />
      <div className="adm-grid-2">
        <HeroButtonEditor
          legend="Primary Button"
          value={value.button1}
          onChange={(button) => set('button1', button)}
          errors={nestedErrors(errors, 'button1')}
        />
        <HeroButtonEditor
          legend="Secondary Button"
          value={value.button2}
          onChange={(button) => set('button2', button)}
          errors={nestedErrors(errors, 'button2')}
        />
      </div>
    </div>
  );
}
