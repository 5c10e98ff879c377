import { useState, type CSSProperties } from 'react';
import { themeCssVariables } from '../../../../../shared/theme-shades';
import { DEFAULT_PRIMARY_COLOR, ThemeSchema, type Theme } from '../../../../../shared/schemas';
import { EditorFooter } from '../../../components/ui/editor-footer';
import { KeptDraftOffer } from '../../../components/ui/kept-draft-offer';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { HexColorField, useLastColor } from '../../../components/ui/hex-color-field';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { ImagePicker } from '../../../components/ui/media-picker';
import { PageHeader } from '../../../components/ui/page-header';
import { SaveButton } from '../../../components/ui/save-button';
import { SaveSummary } from '../../../components/ui/save-summary';
import { LoadError, SaveFeedback } from '../../../components/ui/save-feedback';
import { useEditForm } from '../../../hooks/use-edit-form';
import { useLoad } from '../../../hooks/use-load';
import { fixedFailureText } from '../../../lib/save-failure';
import { hasErrorsUnder, schemaErrors } from '../../../lib/field-errors';
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
      initial={toThemeForm(state.data)}
    />
  );
}

const toThemeForm = (theme: Theme): Theme => ({ primaryColor: theme.primaryColor || DEFAULT_PRIMARY_COLOR, newsletterImage: theme.newsletterImage ?? '' });

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
  const editor = useEditForm({
    draftKey: 'theme',
    reload: async () => toThemeForm(await getTheme()),
    initial,
    validate: (theme) => schemaErrors(ThemeSchema, theme),
    failureText: fixedFailureText('Failed to save theme'),
    save: async (theme) => {
      await saveTheme(ThemeSchema.parse(theme));
    },
  });
  const { form: theme, setForm: setTheme, errors } = editor;
  // While the hex text is not a colour yet, the preview keeps the last one (the form will not save the text).
  const shownColor = useLastColor(theme.primaryColor, false, DEFAULT_PRIMARY_COLOR);
  const saveButton = <SaveButton status={editor.status} onClick={() => void editor.submit()} refused={editor.invalid} waitingFor={editor.waitingForUploads ? editor.uploading : 0} />;
  return (
    <div className="adm-page">
      <PageHeader
        title="Theme Settings"
        description="Colours and images used across the website."
        actions={
          <>
            <SaveSummary errors={errors} failure={editor.failure} />
            {saveButton}
          </>
        }
      />
      <SaveFeedback status={editor.status} />
      <KeptDraftOffer editor={editor} />
      <CollapsibleSection title="Color Settings" hasErrors={hasErrorsUnder(errors, ['primaryColor'])}>
        <HexColorField
          label="Primary Color"
          value={theme.primaryColor}
          onChange={(primaryColor) => setTheme((current) => ({ ...current, primaryColor }))}
          error={errors.primaryColor}
        />
        <ButtonPreview color={shownColor} />
        <ContrastWarning color={shownColor} />
      </CollapsibleSection>
      <CollapsibleSection title="Newsletter Settings" hasErrors={hasErrorsUnder(errors, ['newsletterImage'])}>
        <ImagePicker
          label="Newsletter Image"
          hint="Image displayed in the newsletter subscription section"
          value={theme.newsletterImage}
          onChange={(newsletterImage) => setTheme((current) => ({ ...current, newsletterImage }))}
          error={errors.newsletterImage}
        />
      </CollapsibleSection>
      <EditorFooter editor={editor} errors={errors} revisions={{ base: '/theme', onRestored }} viewHref="/">
        {saveButton}
      </EditorFooter>
    </div>
  );
}
