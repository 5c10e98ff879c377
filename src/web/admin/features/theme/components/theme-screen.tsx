import { useState, type CSSProperties } from 'react';
import { themeCssVariables } from '../../../../../shared/theme-shades';
import { DEFAULT_PRIMARY_COLOR, ThemeSchema, type Theme } from '../../../../../shared/schemas';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { HexColorField } from '../../../components/ui/hex-color-field';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { ImagePicker } from '../../../components/ui/media-picker';
import { PageHeader } from '../../../components/ui/page-header';
import { RevisionsPanel } from '../../../components/ui/revisions-panel';
import { isEditConflict } from '../../../lib/admin-api';
import { SaveButton } from '../../../components/ui/save-button';
import { LoadError, SaveFeedback } from '../../../components/ui/save-feedback';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { useLoad } from '../../../hooks/use-load';
import { useSaveState } from '../../../hooks/use-save-state';
import { useSaveShortcut } from '../../../hooks/use-save-shortcut';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes';
import { toFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { getTheme, saveTheme } from '../api/theme';
import { ContrastWarning } from './contrast-warning';

export default function ThemeScreen() {
  // Moves when a revision is restored: the form reloads what is now stored.
  const [generation, setGeneration] = useState(0);
  const state = useLoad(getTheme, `theme ${generation}`);
  if (state.status === 'loading') return <InlineLoading />;
  if (state.status === 'error') return <LoadError what="the theme" />;
  return (
    <ThemeForm
      key={generation}
      onRestored={() => setGeneration((n) => n + 1)}
      initial={{ primaryColor: state.data.primaryColor || DEFAULT_PRIMARY_COLOR, newsletterImage: state.data.newsletterImage ?? '' }}
    />
  );
}

/** Solid and outlined buttons in the chosen colour, with the site's shade variables. */
function ButtonPreview({ color }: { color: string }) {
  return (
    <div className="adm-theme-preview" style={themeCssVariables(color) as CSSProperties} aria-label="Button preview" role="group">
      <span className="adm-theme-preview__solid">Solid Button</span>
      <span className="adm-theme-preview__outlined">Outlined Button</span>
    </div>
  );
}

function ThemeForm({ initial, onRestored }: { initial: Theme; onRestored: () => void }) {
  const [theme, setTheme] = useState(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  useFocusFirstError(errors);
  const dirty = JSON.stringify(theme) !== baseline;
  const { blocker } = useUnsavedChanges(dirty);
  const save = useSaveState();
  // The hex text typed is no colour yet: saving now would store the previous colour and call it saved.
  const [colorInvalid, setColorInvalid] = useState(false);

  const onSave = () => {
    if (colorInvalid) {
      save.setError('1 field needs attention before saving');
      document.querySelector<HTMLElement>('.adm-main [aria-invalid="true"]')?.focus();
      return;
    }
    const parsed = ThemeSchema.safeParse(theme);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const sent = JSON.stringify(theme);
    void save.run(
      async () => {
        await saveTheme(parsed.data);
        setBaseline(sent);
      },
      (error) => (isEditConflict(error) ? (error as Error).message : 'Failed to save theme'),
    );
  };

  useSaveShortcut(onSave);
  const saveButton = <SaveButton status={save.status} onClick={onSave} refused={colorInvalid} />;
  return (
    <div className="adm-page">
      <PageHeader title="Theme Settings" description="Colours and images used across the website." actions={saveButton} />
      <SaveFeedback status={save.status} error={save.error} />
      <CollapsibleSection title="Color Settings">
        <HexColorField
          label="Primary Color"
          value={theme.primaryColor}
          onChange={(primaryColor) => setTheme((current) => ({ ...current, primaryColor }))}
          error={errors.primaryColor}
          onValidity={(valid) => {
            setColorInvalid(!valid);
            if (valid) save.setError(null);
          }}
        />
        <ButtonPreview color={theme.primaryColor} />
        <ContrastWarning color={theme.primaryColor} />
      </CollapsibleSection>
      <CollapsibleSection title="Newsletter Settings">
        <ImagePicker
          label="Newsletter Image"
          hint="Image displayed in the newsletter subscription section"
          value={theme.newsletterImage}
          onChange={(newsletterImage) => setTheme((current) => ({ ...current, newsletterImage }))}
          error={errors.newsletterImage}
        />
      </CollapsibleSection>
      <RevisionsPanel base="/theme" dirty={dirty} onRestored={onRestored} />
      <div className="adm-page__footer">{saveButton}</div>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
