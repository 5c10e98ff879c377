import { useState } from 'react';
import { AboutPageSchema, type AboutPage, type HeroConfig } from '../../../../../shared/schemas';
import { EditorFooter } from '../../../components/ui/editor-footer';
import { KeptDraftOffer } from '../../../components/ui/kept-draft-offer';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { HeroEditor } from '../../../components/ui/hero-editor';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { PageHeader } from '../../../components/ui/page-header';
import { PreviewButton } from '../../../components/ui/preview-button';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import { SaveButton } from '../../../components/ui/save-button';
import { SaveSummary } from '../../../components/ui/save-summary';
import { LoadError, SaveFeedback } from '../../../components/ui/save-feedback';
import { useEditForm } from '../../../hooks/use-edit-form';
import { useLoad } from '../../../hooks/use-load';
import { fixedFailureText } from '../../../lib/save-failure';
import { hasErrorsUnder, nestedErrors, schemaErrors } from '../../../lib/field-errors';
import { toHeroConfig } from '../../../lib/hero';
import { getAboutPage, normaliseAboutContent, saveAboutPage } from '../api/about';

type AboutForm = { heroConfig: HeroConfig; content: string };

export default function AboutScreen() {
  // Moves when a revision is restored: the editor reloads what is now stored.
  const [generation, setGeneration] = useState(0);
  const state = useLoad(getAboutPage, `about ${generation}`);
  if (state.status === 'loading') return <InlineLoading />;
  if (state.status === 'error') return <LoadError what="the about page" />;
  return <AboutEditor key={generation} initial={toAboutForm(state.data)} onRestored={() => setGeneration((n) => n + 1)} />;
}

const toAboutForm = (page: AboutPage): AboutForm => ({ heroConfig: toHeroConfig(page.heroConfig), content: page.content ?? '' });

/** What is sent and compared: blank content is one way, whatever the editor left behind. */
const aboutInput = (form: AboutForm) => ({ heroConfig: form.heroConfig, content: normaliseAboutContent(form.content) });

function AboutEditor({ initial, onRestored }: { initial: AboutForm; onRestored: () => void }) {
  const editor = useEditForm({
    draftKey: 'about',
    reload: async () => toAboutForm(await getAboutPage()),
    initial,
    validate: (form) => schemaErrors(AboutPageSchema, aboutInput(form)),
    snapshot: (form) => JSON.stringify(aboutInput(form)),
    failureText: fixedFailureText('Failed to save changes'),
    save: async (form) => {
      await saveAboutPage(AboutPageSchema.parse(aboutInput(form)));
    },
  });
  const { form, setForm, errors } = editor;
  const saveButton = <SaveButton status={editor.status} onClick={() => void editor.submit()} refused={editor.invalid} waitingFor={editor.waitingForUploads ? editor.uploading : 0} />;
  return (
    <div className="adm-page">
      <PageHeader
        title="About Page"
        description="The story behind the brand, shown at /about."
        actions={
          <>
            <PreviewButton request={() => ({ kind: 'about', data: aboutInput(form) })} />
            <SaveSummary errors={errors} failure={editor.failure} />
            {saveButton}
          </>
        }
      />
      <SaveFeedback status={editor.status} />
      <KeptDraftOffer editor={editor} />
      <CollapsibleSection title="Content" hasErrors={hasErrorsUnder(errors, ['content'])}>
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
      <EditorFooter editor={editor} errors={errors} revisions={{ base: '/about', onRestored }} viewHref="/about">
        {saveButton}
      </EditorFooter>
    </div>
  );
}
