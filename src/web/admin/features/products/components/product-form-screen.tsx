import { useState } from 'react';
import { useParams } from 'react-router';
import { ProductInputSchema, defaultHeroConfig, type Category, type Product, type Tag } from '../../../../../shared/schemas';
import { EditorFooter } from '../../../components/ui/editor-footer';
import { KeptDraftOffer } from '../../../components/ui/kept-draft-offer';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { TextField, ToggleField } from '../../../components/ui/form-field';
import { HeroEditor } from '../../../components/ui/hero-editor';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { ImagePicker, VideoPicker } from '../../../components/ui/media-picker';
import { PageHeader } from '../../../components/ui/page-header';
import { ProductFiguresLine } from '../../../components/product-figures';
import { PreviewButton } from '../../../components/ui/preview-button';
import { PublishFields, publishAtError } from '../../../components/ui/publish-fields';
import { SeoFields } from '../../../components/ui/seo-fields';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import { EditorButtons } from '../../../components/ui/save-button';
import { SlugField, slugAfterTitleEdit } from '../../../components/ui/slug-field';
import { SaveSummary } from '../../../components/ui/save-summary';
import { ItemNotFound, LoadError, isNotFound } from '../../../components/ui/save-feedback';
import { useEditForm, type AfterSave } from '../../../hooks/use-edit-form';
import { useLoad } from '../../../hooks/use-load';
import { hasErrorsUnder, nestedErrors, schemaErrors, type FieldErrors } from '../../../lib/field-errors';
import { saveFailureText } from '../../../lib/save-failure';
import { toHeroConfig } from '../../../lib/hero';
import { paths } from '../../../lib/paths';
import { createProduct, getProduct, loadProductNames, updateProduct } from '../api/products';
import { GalleryEditor } from './gallery-editor';
import { EditionsEditor } from './editions-editor';
import { withEditionErrors } from '../lib/edition-list';
import { ProductClassification } from './product-classification';
import { ProductAttributes } from './product-attributes';

/** A new product has no editions until saved: its Buy link and price make the first one. */
type ProductForm = Omit<Product, 'id' | 'editions'> & { editions?: Product['editions'] };
type Loaded = { id: string | null; form: ProductForm; categories: Category[]; tags: Tag[] };

const INFORMATION_FIELDS = ['title', 'slug', 'duration', 'buyLink', 'price', 'currency', 'editions', 'description', 'mainImage', 'introVideo', 'gallery'];

function validateProduct(form: ProductForm): FieldErrors {
  const scheduleError = publishAtError(form);
  return { ...withEditionErrors(form, schemaErrors(ProductInputSchema, form)), ...(scheduleError ? { publishAt: scheduleError } : {}) };
}

const blankProduct = (order: number): ProductForm => ({
  title: '',
  slug: '',
  duration: '',
  buyLink: '',
  description: '',
  mainImage: '',
  introVideo: '',
  categories: [],
  tags: [],
  gallery: [],
  darkMode: false,
  price: null,
  currency: null,
  heroConfig: defaultHeroConfig(),
  order,
  // A new product is a draft until the owner presses Publish (issue 24); an API write without a status stays published.
  status: 'draft',
  publishAt: null,
  seoTitle: null,
  seoDescription: null,
  attributes: {},
});

/** The Buy link and price fields edit the default edition: sent with the editions, the editions are what is saved. */
const withDefaultEdition = (form: ProductForm): ProductForm =>
  form.editions
    ? { ...form, editions: form.editions.map((edition, index) => (index === 0 ? { ...edition, buyLink: form.buyLink, price: form.price, currency: form.price === null ? null : form.currency } : edition)) }
    : form;

const fromProduct = ({ id: _id, ...product }: Product): ProductForm => ({
  ...blankProduct(product.order ?? 0),
  ...product,
  heroConfig: toHeroConfig(product.heroConfig),
  gallery: [...(product.gallery ?? [])].sort((a, b) => a.order - b.order),
});

async function loadForm(id: string | undefined): Promise<Loaded> {
  const { categories, tags } = await loadProductNames();
  if (id) return { id, form: fromProduct(await getProduct(id)), categories, tags };
  // The order is the server's to choose on create (the highest plus 1): no need to read every product here.
  return { id: null, form: blankProduct(0), categories, tags };
}

export default function ProductFormScreen() {
  const { id } = useParams();
  // Moves when a revision is restored: the editor reloads what is now stored.
  const [generation, setGeneration] = useState(0);
  const state = useLoad(() => loadForm(id), `${id ?? 'new'} ${generation}`);
  if (state.status === 'loading') return <InlineLoading />;
  if (state.status === 'error') {
    if (!isNotFound(state.error)) return <LoadError what="the product" />;
    return (
      <ItemNotFound
        title="Product Not Found"
        text="The product you're looking for doesn't exist."
        backHref={paths.products}
        backLabel="Back to Products"
      />
    );
  }
  return <ProductEditor key={generation} loaded={state.data} onRestored={() => setGeneration((n) => n + 1)} />;
}

function ProductEditor({ loaded, onRestored }: { loaded: Loaded; onRestored: () => void }) {
  const { id, categories } = loaded;
  const [tags, setTags] = useState(loaded.tags);
  const editor = useEditForm({
    draftKey: `product:${id ?? 'new'}`,
    reload: id ? async () => fromProduct(await getProduct(id)) : undefined,
    initial: loaded.form,
    validate: validateProduct,
    failureText: (error) => saveFailureText(error, 'Failed to save product'),
    save: async (form): Promise<AfterSave | void> => {
      const input = ProductInputSchema.parse(withDefaultEdition(form));
      // An update stays in the editor, which says "Saved" with a View link (issue 24).
      if (id) return void (await updateProduct(id, input));
      // Without an order the server appends the new product after the last one (max + 1).
      const created = await createProduct({ ...input, order: undefined });
      return { to: paths.products, created: { id: created.id, title: created.title, viewHref: paths.publicProduct(created.slug), addHref: paths.newProduct } };
    },
  });
  const { form, setForm, set, errors } = editor;

  const buttons = <EditorButtons editor={editor} stored={Boolean(id)} cancelTo={paths.products} />;

  return (
    <form className="adm-page" onSubmit={editor.onSubmit} noValidate>
      <PageHeader
        title={id ? 'Edit Product' : 'Add New Product'}
        actions={
          <>
            <PreviewButton request={() => ({ kind: 'product', id: id ?? undefined, data: form })} />
            <SaveSummary errors={errors} failure={editor.failure} />
            {buttons}
          </>
        }
      />
      {id ? <ProductFiguresLine productId={id} /> : null}
      <KeptDraftOffer editor={editor} />
      <CollapsibleSection title="Publishing" hasErrors={hasErrorsUnder(errors, ['status', 'publishAt'])}>
        <PublishFields
          status={form.status}
          publishAt={form.publishAt}
          onChange={(publishing) => setForm((current) => ({ ...current, ...publishing }))}
          error={errors.publishAt}
        />
      </CollapsibleSection>
      <CollapsibleSection title="Information" hasErrors={hasErrorsUnder(errors, INFORMATION_FIELDS)}>
        <div className="adm-grid-2">
          <TextField
            label="Title"
            required
            value={form.title}
            onChange={(title) => setForm((current) => ({ ...current, title, slug: slugAfterTitleEdit(id !== null, current.slug, title) }))}
            error={errors.title}
          />
          <SlugField hint="URL-friendly identifier (e.g., my-product-name)" saved={id !== null} value={form.slug} onChange={set('slug')} error={errors.slug} />
          <TextField label="Info" required placeholder="2 hours - 12 lessons" value={form.duration} onChange={set('duration')} error={errors.duration} />
        </div>
        <EditionsEditor value={form} update={(change) => setForm((current) => change(current))} errors={errors} />
        <RichTextEditor label="Description" required value={form.description} onChange={set('description')} error={errors.description} />
        <div className="adm-grid-2">
          <ImagePicker label="Tile Image" required value={form.mainImage} onChange={set('mainImage')} error={errors.mainImage} />
          <VideoPicker
            label="Intro video (optional)"
            hint="Upload a video or choose one from the library, or give a YouTube or Vimeo link (shown embedded). Without one, the product page shows the tile image."
            value={form.introVideo}
            onChange={set('introVideo')}
            error={errors.introVideo}
          />
        </div>
        <GalleryEditor
          value={form.gallery}
          onChange={(update) => setForm((current) => ({ ...current, gallery: typeof update === 'function' ? update(current.gallery) : update }))}
          error={errors.gallery ?? Object.entries(errors).find(([key]) => key.startsWith('gallery.'))?.[1]}
        />
        <ToggleField label="Dark Mode" checked={form.darkMode} onChange={set('darkMode')} hint="Show the product page on a dark background" />
      </CollapsibleSection>
      <CollapsibleSection title="Classification" hasErrors={hasErrorsUnder(errors, ['categories', 'tags'])}>
        <ProductClassification
          categories={categories}
          selected={form.categories}
          onCategories={set('categories')}
          tags={tags}
          selectedTags={form.tags}
          onTags={set('tags')}
          onTagCreated={(tag) => setTags((current) => [...current, tag])}
        />
      </CollapsibleSection>
      <CollapsibleSection title="Attributes" hasErrors={hasErrorsUnder(errors, ['attributes'])}>
        <ProductAttributes value={form.attributes ?? {}} onChange={set('attributes')} errors={errors} />
      </CollapsibleSection>
      <CollapsibleSection title="Hero" defaultOpen={false} hasErrors={hasErrorsUnder(errors, ['heroConfig'])}>
        <HeroEditor
          value={form.heroConfig}
          onChange={set('heroConfig')}
          errors={nestedErrors(errors, 'heroConfig')}
          fallback={{ title: form.title, image: form.mainImage }}
        />
      </CollapsibleSection>
      <SeoFields
        seoTitle={form.seoTitle}
        seoDescription={form.seoDescription}
        onChange={(change) => setForm((current) => ({ ...current, ...change }))}
        fallbackTitle={form.title}
        fallbackDescription={form.description}
        image={form.mainImage}
        errors={errors}
      />
      <EditorFooter
        editor={editor}
        errors={errors}
        revisions={id ? { base: `/products/${encodeURIComponent(id)}`, onRestored } : null}
        viewHref={form.status === 'published' && form.slug ? paths.publicProduct(form.slug) : null}
      >
        {buttons}
      </EditorFooter>
    </form>
  );
}
