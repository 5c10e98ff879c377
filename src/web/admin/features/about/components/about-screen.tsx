import { useState } from 'react';
import { AboutPageSchema, type HeroConfig } from '../../../../../shared/schemas';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { HeroEditor } from '../../../components/ui/hero-editor';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { PreviewButton } from '../../../components/ui/preview-button';
import { RevisionsPanel } from '../../../components/ui/revisions-panel';
import { isEditConflict } from '../../../lib/admin-api';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import { SaveButton } from '../../../components/ui/save-button';
import { LoadError, SaveFeedback } from '../../../components/ui/save-feedback';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { useLoad } from '../../../hooks/use-load';
import { useSaveState } from '../../../hooks/use-save-state';
import { useSaveShortcut } from '../../../hooks/use-save-shortcut';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes';
import { hasErrorsUnder, nestedErrors, toFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { toHeroConfig } from '../../../lib/hero';
import { getAboutPage, normaliseAboutContent, saveAboutPage } from '../api/about';

type AboutForm = { heroConfig: HeroConfig; content: string };

export default function AboutScreen() {
  // Moves when a revision is restored: the editor reloads what is now stored.
  const [generation, setGeneration] = useState(0);
  const state = useLoad(getAboutPage, `about ${generation}`);
  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'error') return <LoadError what="the about page" />;
  const initial = { heroConfig: toHeroConfig(state.data.heroConfig), content: state.data.content ?? '' };
  return <AboutEditor key={generation} initial={initial} onRestored={() => setGeneration((n) => n + 1)} />;
}

const snapshot = (form: AboutForm) => JSON.stringify({ ...form, content: normaliseAboutContent(form.content) });

function AboutEditor({ initial, onRestored }: { initial: AboutForm; onRestored: () => void }) {
  const [form, setForm] = useState(initial);
  const [baseline, setBaseline] = useState(() => snapshot(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  useFocusFirstError(errors);
  const dirty = snapshot(form) !== baseline;
  const { blocker } = useUnsavedChanges(dirty);
  const save = useSaveState();

  const onSave = () => {
    const parsed = AboutPageSchema.safeParse({ heroConfig: form.heroConfig, content: normaliseAboutContent(form.content) });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const sent = snapshot(form);
    void save.run(
      async () => {
        await saveAboutPage(parsed.data);
        setBaseline(sent);
      },
      (error) => (isEditConflict(error) ? (error as Error).message : 'Failed to save changes'),
    );
  };

  useSaveShortcut(onSave);
  const saveButton = <SaveButton status={save.status} onClick={onSave} />;
  return (
    <div className="adm-page">
      <PageHeader
        title="About Page"
        description="The story behind the brand, shown at /about."
        actions={
          <>
            <PreviewButton request={() => ({ kind: 'about', data: { heroConfig: form.heroConfig, content: normaliseAboutContent(form.content) } })} />
            {saveButton}
          </>
        }
      />
      <SaveFeedback status={save.status} error={save.error} />
      <CollapsibleSection title="Content">
        <RichTextEditor
          label="Content"
          value={form.content}
          onChange={(content) => setForm((current) => ({ ...current, content }))}
          error={errors.content}
          minHeight={400}
        />
      </CollapsibleSection>
      <CollapsibleSection title="Hero" defaultOpen={false} hasErrors={hasErrorsUnder(errors, ['heroConfig'])}>
        <HeroEditor
          value={form.heroConfig}
          onChange={(heroConfig) => setForm((current) => ({ ...current, heroConfig }))}
          errors={nestedErrors(errors, 'heroConfig')}
        />
      </CollapsibleSection>
      <RevisionsPanel base="/about" dirty={dirty} onRestored={onRestored} />
      <div className="adm-page__footer">{saveButton}</div>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
