import { useState } from 'react';
import { useParams } from 'react-router';
import {
  CategoryInputSchema,
  DEFAULT_ITEMS_PER_ROW,
  ITEMS_PER_ROW_MAX,
  ITEMS_PER_ROW_MIN,
  defaultHeroConfig,
  type Category,
  type HeroConfig,
  type PublishStatus,
} from '../../../../../shared/schemas';
import { EditorFooter } from '../../../components/ui/editor-footer';
import { KeptDraftOffer } from '../../../components/ui/kept-draft-offer';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { HeroEditor } from '../../../components/ui/hero-editor';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { ImagePicker, VideoPicker } from '../../../components/ui/media-picker';
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
import { hasErrorsUnder, nestedErrors, schemaErrors, type FieldErrors } from '../../../lib/field-errors';
import { toHeroConfig } from '../../../lib/hero';
import { saveFailureText } from '../../../lib/save-failure';
import { paths } from '../../../lib/paths';
import { createCategory, getCategory, updateCategory } from '../api/categories';
import { listCategories } from '../../../lib/category-list';

type CategoryForm = {
  title: string;
  slug: string;
  description: string;
  tileImage: string;
  hoverImage: string;
  tileVideo: string;
  emptyImage: string;
  /** Kept as typed; a non-number falls back to the default on save. */
  itemsPerRow: string;
  heroConfig: HeroConfig;
  order: number;
  status: PublishStatus;
  publishAt: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
};

type Loaded = { form: CategoryForm; id: string | null };

const nextOrder = (items: { order?: number | null }[]) => items.reduce((max, item) => Math.max(max, item.order ?? 0), -1) + 1;

function fromCategory(category: Category): CategoryForm {
  return {
    title: category.title,
    slug: category.slug,
    description: category.description,
    tileImage: category.tileImage,
    hoverImage: category.hoverImage ?? '',
    tileVideo: category.tileVideo ?? '',
    emptyImage: category.emptyImage ?? '',
    itemsPerRow: String(category.itemsPerRow ?? DEFAULT_ITEMS_PER_ROW),
    heroConfig: toHeroConfig(category.heroConfig),
    order: category.order ?? 0,
    status: category.status ?? 'published',
    publishAt: category.publishAt ?? null,
    seoTitle: category.seoTitle ?? null,
    seoDescription: category.seoDescription ?? null,
  };
}

async function loadForm(id: string | undefined): Promise<Loaded> {
  if (id) return { id, form: fromCategory(await getCategory(id)) };
  const categories = await listCategories();
  return {
    id: null,
    form: {
      title: '',
      slug: '',
      description: '',
      tileImage: '',
      hoverImage: '',
      tileVideo: '',
      emptyImage: '',
      itemsPerRow: String(DEFAULT_ITEMS_PER_ROW),
      heroConfig: defaultHeroConfig(),
      order: nextOrder(categories),
      // A draft until Publish (issue 24); an API write without a status stays published.
      status: 'draft',
      publishAt: null,
      seoTitle: null,
      seoDescription: null,
    },
  };
}

export const parseItemsPerRow = (text: string) => {
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) ? DEFAULT_ITEMS_PER_ROW : value;
};

const categoryInput = (form: CategoryForm) => ({ ...form, itemsPerRow: parseItemsPerRow(form.itemsPerRow) });

function validateCategory(form: CategoryForm): FieldErrors {
  const scheduleError = publishAtError(form);
  return { ...schemaErrors(CategoryInputSchema, categoryInput(form)), ...(scheduleError ? { publishAt: scheduleError } : {}) };
}

export default function CategoryFormScreen() {
  const { id } = useParams();
  // Moves when a revision is restored: the editor reloads what is now stored.
  const [generation, setGeneration] = useState(0);
  const state = useLoad(() => loadForm(id), `${id ?? 'new'} ${generation}`);
  const title = id ? 'Edit Category' : 'Add New Category';
  if (state.status === 'loading') return <InlineLoading />;
  if (state.status === 'error') {
    if (!isNotFound(state.error)) return <LoadError what="the category" />;
    return (
      <ItemNotFound
        title="Category Not Found"
        text="The category you're looking for doesn't exist."
        backHref={paths.categories}
        backLabel="Back to Categories"
      />
    );
  }
  return <CategoryEditor key={generation} title={title} id={state.data.id} initial={state.data.form} onRestored={() => setGeneration((n) => n + 1)} />;
}

type EditorProps = { title: string; id: string | null; initial: CategoryForm; onRestored: () => void };

function CategoryEditor({ title, id, initial, onRestored }: EditorProps) {
  const editor = useEditForm({
    draftKey: `category:${id ?? 'new'}`,
    reload: id ? async () => fromCategory(await getCategory(id)) : undefined,
    initial,
    validate: validateCategory,
    failureText: (error) => saveFailureText(error, 'Failed to save category'),
    save: async (form): Promise<AfterSave | void> => {
      const input = CategoryInputSchema.parse(categoryInput(form));
      // An update stays in the editor, which says "Saved" with a View link (issue 24).
      if (id) return void (await updateCategory(id, input));
      const created = await createCategory(input);
      return { to: paths.categories, created: { id: created.id, title: created.title, viewHref: paths.publicCategory(created.slug), addHref: paths.newCategory } };
    },
  });
  const { form, setForm, set, errors } = editor;
  const buttons = <EditorButtons editor={editor} stored={Boolean(id)} cancelTo={paths.categories} />;

  return (
    <form className="adm-page" onSubmit={editor.onSubmit} noValidate>
      <PageHeader
        title={title}
        actions={
          <>
            {id ? <PreviewButton request={() => ({ kind: 'category', id, data: categoryInput(form) })} /> : null}
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
      <CollapsibleSection title="Content" hasErrors={hasErrorsUnder(errors, ['title', 'slug', 'description', 'tileImage', 'itemsPerRow'])}>
        <div className="adm-grid-2">
          <TextField
            label="Title"
            required
            value={form.title}
            onChange={(value) => setForm((current) => ({ ...current, title: value, slug: slugAfterTitleEdit(id !== null, current.slug, value) }))}
            error={errors.title}
          />
          <SlugField value={form.slug} saved={id !== null} onChange={set('slug')} error={errors.slug} />
        </div>
        <TextAreaField label="Description" required value={form.description} onChange={set('description')} error={errors.description} />
        <div className="adm-grid-2">
          <ImagePicker label="Tile Image" required value={form.tileImage} onChange={set('tileImage')} error={errors.tileImage} />
          <ImagePicker label="Tile Hover Image" value={form.hoverImage} onChange={set('hoverImage')} error={errors.hoverImage} />
          <VideoPicker label="Tile Video" value={form.tileVideo} onChange={set('tileVideo')} error={errors.tileVideo} />
          <ImagePicker
            label="Empty State Image"
            hint="Image to display when this category has no products"
            value={form.emptyImage}
            onChange={set('emptyImage')}
            error={errors.emptyImage}
          />
        </div>
        <TextField
          label="Items Per Row"
          type="number"
          inputMode="numeric"
          min={ITEMS_PER_ROW_MIN}
          max={ITEMS_PER_ROW_MAX}
          required
          value={form.itemsPerRow}
          onChange={set('itemsPerRow')}
          error={errors.itemsPerRow}
          hint={`Products per row on the category page (${ITEMS_PER_ROW_MIN}–${ITEMS_PER_ROW_MAX})`}
        />
      </CollapsibleSection>
      <CollapsibleSection title="Hero" defaultOpen={false} hasErrors={hasErrorsUnder(errors, ['heroConfig'])}>
        <HeroEditor
          value={form.heroConfig}
          onChange={set('heroConfig')}
          errors={nestedErrors(errors, 'heroConfig')}
          fallback={{ title: form.title, image: form.tileImage }}
        />
      </CollapsibleSection>
      <SeoFields
        seoTitle={form.seoTitle}
        seoDescription={form.seoDescription}
        onChange={(change) => setForm((current) => ({ ...current, ...change }))}
        fallbackTitle={form.title}
        fallbackDescription={form.description}
        image={form.heroConfig.heroImage || undefined}
        errors={errors}
      />
      <EditorFooter
        editor={editor}
        errors={errors}
        revisions={id ? { base: `/categories/${encodeURIComponent(id)}`, onRestored } : null}
        viewHref={form.status === 'published' && form.slug ? paths.publicCategory(form.slug) : null}
      >
        {buttons}
      </EditorFooter>
    </form>
  );
}
