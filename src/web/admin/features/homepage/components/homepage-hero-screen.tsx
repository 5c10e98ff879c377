import { useState } from 'react';
import { HeroConfigSchema, type HeroConfig } from '../../../../../shared/schemas';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { HeroEditor } from '../../../components/ui/hero-editor';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { PreviewButton } from '../../../components/ui/preview-button';
import { RevisionsPanel } from '../../../components/ui/revisions-panel';
import { SaveButton } from '../../../components/ui/save-button';
import { LoadError, SaveFeedback } from '../../../components/ui/save-feedback';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { useLoad } from '../../../hooks/use-load';
import { useSaveState } from '../../../hooks/use-save-state';
import { useSaveShortcut } from '../../../hooks/use-save-shortcut';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes';
import { errorMessage } from '../../../lib/admin-api';
import { toFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { toHeroConfig } from '../../../lib/hero';
import { getHomepageHero, saveHomepageHero } from '../api/homepage';

/** The thrown message (the server's text, "Failed to save homepage hero", or the network error), else "Failed to save" (spec §8). */
const saveFailureText = (error: unknown) => errorMessage(error, 'Failed to save');

export default function HomepageHeroScreen() {
  // Moves when a revision is restored: the form reloads what is now stored.
  const [generation, setGeneration] = useState(0);
  const state = useLoad(getHomepageHero, `homepage ${generation}`);
  if (state.status === 'loading') return <InlineLoading />;
  if (state.status === 'error') return <LoadError what="the homepage hero" />;
  return <HomepageHeroForm key={generation} initial={toHeroConfig(state.data)} onRestored={() => setGeneration((n) => n + 1)} />;
}

function HomepageHeroForm({ initial, onRestored }: { initial: HeroConfig; onRestored: () => void }) {
  const [hero, setHero] = useState(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  useFocusFirstError(errors);
  const dirty = JSON.stringify(hero) !== baseline;
  const { blocker } = useUnsavedChanges(dirty);
  const save = useSaveState();

  const onSave = () => {
    const parsed = HeroConfigSchema.safeParse(hero);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const sent = JSON.stringify(hero);
    void save.run(
      async () => {
        await saveHomepageHero(parsed.data);
        setBaseline(sent);
      },
      saveFailureText,
    );
  };

  useSaveShortcut(onSave);
  const saveButton = <SaveButton status={save.status} onClick={onSave} />;
  const actions = (
    <>
      <PreviewButton request={() => ({ kind: 'homepage', data: hero })} />
      {saveButton}
    </>
  );
  return (
    <div className="adm-page">
      <PageHeader title="Homepage Hero" description="The first thing visitors see on the homepage." actions={actions} />
      <SaveFeedback status={save.status} error={save.error} />
      <CollapsibleSection title="Hero" hasErrors={Object.keys(errors).length > 0}>
        <HeroEditor value={hero} onChange={setHero} errors={errors} />
      </CollapsibleSection>
      <RevisionsPanel base="/homepage" dirty={dirty} onRestored={onRestored} />
      <div className="adm-page__footer">{saveButton}</div>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
