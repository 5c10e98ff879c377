import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ProductInputSchema, defaultHeroConfig, type Category, type Product, type Tag } from '../../../../../shared/schemas';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { TextField, ToggleField } from '../../../components/ui/form-field';
import { HeroEditor } from '../../../components/ui/hero-editor';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { ImagePicker } from '../../../components/ui/media-picker';
import { PageHeader } from '../../../components/ui/page-header';
import { PreviewButton } from '../../../components/ui/preview-button';
import { PublishFields, publishAtError } from '../../../components/ui/publish-fields';
import { SeoFields } from '../../../components/ui/seo-fields';
import { RevisionsPanel } from '../../../components/ui/revisions-panel';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import { SaveButton } from '../../../components/ui/save-button';
import { SlugField, slugAfterTitleEdit } from '../../../components/ui/slug-field';
import { ItemNotFound, LoadError, isNotFound } from '../../../components/ui/save-feedback';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { useLoad } from '../../../hooks/use-load';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes';
import { adminRequest, isEditConflict } from '../../../lib/admin-api';
import { hasErrorsUnder, nestedErrors, toFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { toHeroConfig } from '../../../lib/hero';
import { paths } from '../../../lib/paths';
import { createProduct, getProduct, updateProduct } from '../api/products';
import { listTags } from '../api/tags';
import { GalleryEditor } from './gallery-editor';
import { PriceField } from './price-field';
import { TagSelector } from './tag-selector';

type ProductForm = Omit<Product, 'id'>;
type Loaded = { id: string | null; form: ProductForm; categories: Category[]; tags: Tag[] };

const INFORMATION_FIELDS = ['title', 'slug', 'duration', 'buyLink', 'price', 'currency', 'description', 'mainImage', 'introVideo', 'gallery'];

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
  status: 'published',
  publishAt: null,
  seoTitle: null,
  seoDescription: null,
});

const fromProduct = ({ id: _id, ...product }: Product): ProductForm => ({
  ...blankProduct(product.order ?? 0),
  ...product,
  heroConfig: toHeroConfig(product.heroConfig),
  gallery: [...(product.gallery ?? [])].sort((a, b) => a.order - b.order),
});

async function loadForm(id: string | undefined): Promise<Loaded> {
  const [categories, tags] = await Promise.all([adminRequest<Category[]>('/categories'), listTags()]);
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
  const navigate = useNavigate();
  const [form, setForm] = useState(loaded.form);
  const [tags, setTags] = useState(loaded.tags);
  const [errors, setErrors] = useState<FieldErrors>({});
  useFocusFirstError(errors);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(loaded.form);
  const { blocker, allowNextNavigation } = useUnsavedChanges(dirty);
  const set = <K extends keyof ProductForm>(key: K) => (value: ProductForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ProductInputSchema.safeParse(form);
    const scheduleError = publishAtError(form);
    if (!parsed.success || scheduleError) {
      setErrors({ ...(parsed.success ? {} : toFieldErrors(parsed.error)), ...(scheduleError ? { publishAt: scheduleError } : {}) });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (id) await updateProduct(id, parsed.data);
      // Without an order the server appends the new product after the last one (max + 1).
      else await createProduct({ ...parsed.data, order: undefined });
      allowNextNavigation();
      navigate(paths.products);
    } catch (error) {
      console.error(error);
      setSaving(false);
      // Another window saved this product since it was opened here: say so, rather than the generic failure.
      window.alert(isEditConflict(error) ? (error as Error).message : 'Failed to save product');
    }
  };

  const toggleCategory = (categoryId: string, checked: boolean) =>
    setForm((current) => ({
      ...current,
      categories: checked ? [...current.categories, categoryId] : current.categories.filter((existing) => existing !== categoryId),
    }));

  const buttons = (
    <>
      <Link className="adm-button" to={paths.products}>
        Cancel
      </Link>
      <SaveButton type="submit" status={saving ? 'saving' : 'idle'} idleLabel={id ? 'Update' : 'Save'} />
    </>
  );

  return (
    <form className="adm-page" onSubmit={(event) => void submit(event)} noValidate>
      <PageHeader
        title={id ? 'Edit Product' : 'Add New Product'}
        actions={
          <>
            <PreviewButton request={() => ({ kind: 'product', id: id ?? undefined, data: form })} />
            {buttons}
          </>
        }
      />
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
          <TextField label="Buy Link" required type="url" value={form.buyLink} onChange={set('buyLink')} error={errors.buyLink} />
        </div>
        <PriceField price={form.price} currency={form.currency} onChange={(pair) => setForm((current) => ({ ...current, ...pair }))} errors={errors} />
        <RichTextEditor label="Description" required value={form.description} onChange={set('description')} error={errors.description} />
        <div className="adm-grid-2">
          <ImagePicker label="Tile Image" required value={form.mainImage} onChange={set('mainImage')} error={errors.mainImage} />
          <TextField
            label="Intro Link"
            required
            hint="A video-site link (shown embedded) or a video file URL"
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
      <CollapsibleSection title="Classification" defaultOpen={false} hasErrors={hasErrorsUnder(errors, ['categories', 'tags'])}>
        <fieldset className="adm-fieldset">
          <legend className="adm-fieldset__legend">Categories</legend>
          {categories.length === 0 ? <p className="adm-field__hint">No categories yet.</p> : null}
          <div className="adm-checkbox-grid">
            {categories.map((category) => (
              <label key={category.id} className="adm-checkbox">
                <input
                  type="checkbox"
                  checked={form.categories.includes(category.id)}
                  onChange={(event) => toggleCategory(category.id, event.target.checked)}
                />
                {category.title}
              </label>
            ))}
          </div>
        </fieldset>
        <TagSelector
          tags={tags}
          onTagCreated={(tag) => setTags((current) => [...current, tag])}
          selected={form.tags}
          onChange={set('tags')}
        />
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
      {id ? <RevisionsPanel base={`/products/${encodeURIComponent(id)}`} dirty={dirty} onRestored={onRestored} /> : null}
      <div className="adm-page__footer">{buttons}</div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
