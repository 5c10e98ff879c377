import { useState, type SetStateAction } from 'react';
import { useParams } from 'react-router';
import { PageInputSchema, type Block, type SitePage } from '../../../../../shared/schemas/page';
import type { PublishStatus } from '../../../../../shared/schemas';
import { EditorFooter } from '../../../components/ui/editor-footer';
import { KeptDraftOffer } from '../../../components/ui/kept-draft-offer';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { TextField } from '../../../components/ui/form-field';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { ImagePicker } from '../../../components/ui/media-picker';
import { PageHeader } from '../../../components/ui/page-header';
import { PreviewButton } from '../../../components/ui/preview-button';
import { PublishFields, publishAtError } from '../../../components/ui/publish-fields';
import { SeoFields } from '../../../components/ui/seo-fields';
import { EditorButtons } from '../../../components/ui/save-button';
import { SlugField, slugAfterTitleEdit } from '../../../components/ui/slug-field';
import { SaveSummary } from '../../../components/ui/save-summary';
import { ItemNotFound, LoadError, isNotFound } from '../../../components/ui/save-feedback';
import { useEditForm, type AfterSave } from '../../../hooks/use-edit-form';
import { useLoad } from '../../../hooks/use-load';
import { hasErrorsUnder, schemaErrors, type FieldErrors } from '../../../lib/field-errors';
import { saveFailureText } from '../../../lib/save-failure';
import { paths } from '../../../lib/paths';
import { createSitePage, getSitePage, loadGridSources, updateSitePage } from '../api/pages';
import { BlockList } from './block-list';

type PageForm = {
  title: string;
  slug: string;
  shareImage: string;
  blocks: Block[];
  status: PublishStatus;
  publishAt: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
};

const blankPage = (): PageForm => ({
  title: '',
  slug: '',
  shareImage: '',
  blocks: [],
  // A new page is a draft until the owner presses Publish, like a new product (issue 24).
  status: 'draft',
  publishAt: null,
  seoTitle: null,
  seoDescription: null,
});

const fromPage = (page: SitePage): PageForm => ({
  title: page.title,
  slug: page.slug,
  shareImage: page.shareImage,
  blocks: page.blocks,
  status: page.status,
  publishAt: page.publishAt,
  seoTitle: page.seoTitle,
  seoDescription: page.seoDescription,
});

function validatePage(form: PageForm): FieldErrors {
  const scheduleError = publishAtError(form);
  return { ...schemaErrors(PageInputSchema, form), ...(scheduleError ? { publishAt: scheduleError } : {}) };
}

/** The text search engines show when the SEO description is blank: the page's first words. */
const firstText = (blocks: Block[]) => {
  for (const block of blocks) {
    if (block.type === 'richText' && block.html.trim()) return block.html;
    if (block.type === 'callToAction' && block.heading) return `${block.heading} ${block.text}`;
  }
  return '';
};

export default function PageFormScreen() {
  const { id } = useParams();
  // Moves when a revision is restored: the editor reloads what is now stored.
  const [generation, setGeneration] = useState(0);
  const state = useLoad(async () => ({ id: id ?? null, form: id ? fromPage(await getSitePage(id)) : blankPage() }), `${id ?? 'new'} ${generation}`);
  if (state.status === 'loading') return <InlineLoading />;
  if (state.status === 'error') {
    if (!isNotFound(state.error)) return <LoadError what="the page" />;
    return <ItemNotFound title="Page Not Found" text="The page you're looking for doesn't exist." backHref={paths.pages} backLabel="Back to Pages" />;
  }
  return <PageEditor key={generation} id={state.data.id} initial={state.data.form} onRestored={() => setGeneration((n) => n + 1)} />;
}

function PageEditor({ id, initial, onRestored }: { id: string | null; initial: PageForm; onRestored: () => void }) {
  // The catalogue the product grid blocks choose from; the editor works before (and without) it.
  const sourcesState = useLoad(loadGridSources, 'grid sources');
  const sources = sourcesState.status === 'ready' ? sourcesState.data : null;
  const editor = useEditForm({
    draftKey: `page:${id ?? 'new'}`,
    reload: id ? async () => fromPage(await getSitePage(id)) : undefined,
    initial,
    validate: validatePage,
    failureText: (error) => saveFailureText(error, 'Failed to save page'),
    save: async (form): Promise<AfterSave | void> => {
      const input = PageInputSchema.parse(form);
      // An update stays in the editor, which says "Saved" with a View link.
      if (id) return void (await updateSitePage(id, input));
      const created = await createSitePage(input);
      return { to: paths.pages, created: { id: created.id, title: created.title, viewHref: paths.publicPage(created.slug), addHref: paths.newPage } };
    },
  });
  const { form, setForm, set, errors } = editor;
  const setBlocks = (update: SetStateAction<Block[]>) =>
    setForm((current) => ({ ...current, blocks: typeof update === 'function' ? update(current.blocks) : update }));

  const buttons = <EditorButtons editor={editor} stored={Boolean(id)} cancelTo={paths.pages} />;

  return (
    <form className="adm-page" onSubmit={editor.onSubmit} noValidate>
      <PageHeader
        title={id ? 'Edit Page' : 'Add New Page'}
        actions={
          <>
            <PreviewButton request={() => ({ kind: 'page', id: id ?? undefined, data: form })} />
            <SaveSummary errors={errors} failure={editor.failure} />
            {buttons}
          </>
        }
      />
      <KeptDraftOffer editor={editor} />
      <CollapsibleSection title="Publishing" hasErrors={hasErrorsUnder(errors, ['status', 'publishAt'])}>
        <PublishFields
          status={form.status}
          publishAt={form.publishAt}
          onChange={(publishing) => setForm((current) => ({ ...current, ...publishing }))}
          error={errors.publishAt}
        />
      </CollapsibleSection>
      <CollapsibleSection title="Page" hasErrors={hasErrorsUnder(errors, ['title', 'slug', 'shareImage'])}>
        <div className="adm-grid-2">
          <TextField
            label="Title"
            required
            maxLength={200}
            value={form.title}
            onChange={(title) => setForm((current) => ({ ...current, title, slug: slugAfterTitleEdit(id !== null, current.slug, title) }))}
            error={errors.title}
          />
          <SlugField
            hint={`The page's address: ${paths.publicPage(form.slug || 'my-page')}. Changing it later sends the old address on to the new one.`}
            saved={id !== null}
            value={form.slug}
            onChange={set('slug')}
            error={errors.slug}
          />
        </div>
        <ImagePicker
          label="Share Image"
          hint="Shown when the page is shared on social media; blank uses the site's share image"
          value={form.shareImage}
          onChange={set('shareImage')}
          error={errors.shareImage}
        />
      </CollapsibleSection>
      <CollapsibleSection title="Blocks" hasErrors={hasErrorsUnder(errors, ['blocks'])}>
        <BlockList blocks={form.blocks} onChange={setBlocks} errors={errors} sources={sources} />
      </CollapsibleSection>
      <SeoFields
        seoTitle={form.seoTitle}
        seoDescription={form.seoDescription}
        onChange={(change) => setForm((current) => ({ ...current, ...change }))}
        fallbackTitle={form.title}
        fallbackDescription={firstText(form.blocks)}
        image={form.shareImage || undefined}
        errors={errors}
      />
      <EditorFooter
        editor={editor}
        errors={errors}
        revisions={id ? { base: `/pages/${encodeURIComponent(id)}`, onRestored } : null}
        viewHref={form.status === 'published' && form.slug ? paths.publicPage(form.slug) : null}
      >
        {buttons}
      </EditorFooter>
    </form>
  );
}
