import { useState } from 'react';
import { HeroConfigSchema, type HeroConfig } from '../../../../../shared/schemas';
import { EditorFooter } from '../../../components/ui/editor-footer';
import { KeptDraftOffer } from '../../../components/ui/kept-draft-offer';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { HeroEditor } from '../../../components/ui/hero-editor';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { PreviewButton } from '../../../components/ui/preview-button';
import { SaveButton } from '../../../components/ui/save-button';
import { SaveSummary } from '../../../components/ui/save-summary';
import { LoadError, SaveFeedback } from '../../../components/ui/save-feedback';
import { useEditForm } from '../../../hooks/use-edit-form';
import { useLoad } from '../../../hooks/use-load';
import { errorMessage } from '../../../lib/admin-api';
import { networkFailureText } from '../../../lib/save-failure';
import { schemaErrors } from '../../../lib/field-errors';
import { toHeroConfig } from '../../../lib/hero';
import { getHomepageHero, saveHomepageHero } from '../api/homepage';

/** The thrown message (the server's text, "Failed to save homepage hero", or the network error), else "Failed to save". */
const saveFailureText = (error: unknown) => networkFailureText(error) ?? errorMessage(error, 'Failed to save');

export default function HomepageHeroScreen() {
  // Moves when a revision is restored: the form reloads what is now stored.
  const [generation, setGeneration] = useState(0);
  const state = useLoad(getHomepageHero, `homepage ${generation}`);
  if (state.status === 'loading') return <InlineLoading />;
  if (state.status === 'error') return <LoadError what="the homepage hero" />;
  return <HomepageHeroForm key={generation} initial={toHeroConfig(state.data)} onRestored={() => setGeneration((n) => n + 1)} />;
}

function HomepageHeroForm({ initial, onRestored }: { initial: HeroConfig; onRestored: () => void }) {
  const editor = useEditForm({
    draftKey: 'homepage',
    reload: async () => toHeroConfig(await getHomepageHero()),
    initial,
    validate: (hero) => schemaErrors(HeroConfigSchema, hero),
    failureText: saveFailureText,
    save: async (hero) => {
      await saveHomepageHero(HeroConfigSchema.parse(hero));
    },
  });
  const { form: hero, errors } = editor;
  const saveButton = <SaveButton status={editor.status} onClick={() => void editor.submit()} refused={editor.invalid} waitingFor={editor.waitingForUploads ? editor.uploading : 0} />;
  const actions = (
    <>
      <PreviewButton request={() => ({ kind: 'homepage', data: hero })} />
      <SaveSummary errors={errors} failure={editor.failure} />
      {saveButton}
    </>
  );
  return (
    <div className="adm-page">
      <PageHeader title="Homepage Hero" description="The first thing visitors see on the homepage." actions={actions} />
      <SaveFeedback status={editor.status} />
      <KeptDraftOffer editor={editor} />
      <CollapsibleSection title="Hero" hasErrors={Object.keys(errors).length > 0}>
        <HeroEditor value={hero} onChange={editor.setForm} errors={errors} />
      </CollapsibleSection>
      <EditorFooter editor={editor} errors={errors} revisions={{ base: '/homepage', onRestored }} viewHref="/">
        {saveButton}
      </EditorFooter>
    </div>
  );
}
