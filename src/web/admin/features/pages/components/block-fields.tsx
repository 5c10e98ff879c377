import { useId } from 'react';
import { PRODUCT_GRID_MAX, type Block } from '../../../../../shared/schemas/page';
import { FieldShell, TextAreaField, TextField, describedBy } from '../../../components/ui/form-field';
import { ImagePicker, VideoPicker } from '../../../components/ui/media-picker';
import { MoveButtons } from '../../../components/ui/move-buttons';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import type { FieldErrors } from '../../../lib/field-errors';
import type { GridSources } from '../api/pages';
import { ContactFormFields } from './contact-form-fields';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;
export type BlockFieldsProps<B extends Block = Block> = {
  block: B;
  onChange: (update: (block: B) => B) => void;
  /** This block's errors, by path inside it ("button.link"). */
  errors: FieldErrors;
  sources: GridSources | null;
  /** For screen readers: what is moved or removed ("FAQ question 2"), in the announcer. */
  announce: (text: string) => void;
};

/** The props narrowed to the block's own type (its `type` was just checked). */
const typed = <B extends Block>(props: BlockFieldsProps) => props as unknown as BlockFieldsProps<B>;

/** The fields of one block, by its type. */
export function BlockFields(props: BlockFieldsProps) {
  switch (props.block.type) {
    case 'richText':
      return <RichTextFields {...typed<Of<'richText'>>(props)} />;
    case 'image':
      return <ImageFields {...typed<Of<'image'>>(props)} />;
    case 'gallery':
      return <GalleryFields {...typed<Of<'gallery'>>(props)} />;
    case 'callToAction':
      return <CallToActionFields {...typed<Of<'callToAction'>>(props)} />;
    case 'productGrid':
      return <ProductGridFields {...typed<Of<'productGrid'>>(props)} />;
    case 'faq':
      return <FaqFields {...typed<Of<'faq'>>(props)} />;
    case 'video':
      return <VideoFields {...typed<Of<'video'>>(props)} />;
    case 'newsletter':
      return <NewsletterFields {...typed<Of<'newsletter'>>(props)} />;
    case 'contactForm':
      return <ContactFormFields {...typed<Of<'contactForm'>>(props)} />;
  }
}

function RichTextFields({ block, onChange, errors }: BlockFieldsProps<Of<'richText'>>) {
  return <RichTextEditor label="Text" value={block.html} onChange={(html) => onChange((current) => ({ ...current, html }))} error={errors.html} minHeight={160} />;
}

function ImageFields({ block, onChange, errors }: BlockFieldsProps<Of<'image'>>) {
  return (
    <>
      <ImagePicker label="Image" required value={block.url} onChange={(url) => onChange((current) => ({ ...current, url }))} error={errors.url} />
      <div className="adm-grid-2">
        <TextField
          label="Alt text"
          hint="What the picture shows, for people who cannot see it"
          maxLength={300}
          value={block.alt}
          onChange={(alt) => onChange((current) => ({ ...current, alt }))}
          error={errors.alt}
        />
        <TextField label="Caption" maxLength={500} value={block.caption} onChange={(caption) => onChange((current) => ({ ...current, caption }))} error={errors.caption} />
      </div>
    </>
  );
}

type GalleryImage = Of<'gallery'>['images'][number];
const renumber = (images: GalleryImage[]) => images.map((image, order) => ({ ...image, order }));

function GalleryFields({ block, onChange, errors, announce }: BlockFieldsProps<Of<'gallery'>>) {
  const images = [...block.images].sort((a, b) => a.order - b.order);
  const setImages = (update: (images: GalleryImage[]) => GalleryImage[]) =>
    onChange((current) => ({ ...current, images: renumber(update([...current.images].sort((a, b) => a.order - b.order))) }));
  const move = (from: number, to: number) => {
    setImages((list) => {
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
    announce(`Gallery image ${from + 1} moved to position ${to + 1} of ${images.length}.`);
  };
  return (
    <div className="adm-block-list">
      {errors.images ? (
        <p className="adm-field__error" role="alert">
          Images {errors.images}
        </p>
      ) : null}
      <ol className="adm-block-items">
        {images.map((image, index) => (
          <li key={index} className="adm-block-item">
            <ImagePicker
              label={`Gallery image ${index + 1}`}
              required
              value={image.url}
              onChange={(url) => setImages((list) => list.map((item, i) => (i === index ? { ...item, url } : item)))}
              error={errors[`images.${index}.url`]}
            />
            <TextField
              label={`Alt text of image ${index + 1}`}
              maxLength={300}
              value={image.alt}
              onChange={(alt) => setImages((list) => list.map((item, i) => (i === index ? { ...item, alt } : item)))}
              error={errors[`images.${index}.alt`]}
            />
            <div className="adm-block-item__tools">
              <MoveButtons label={`gallery image ${index + 1}`} index={index} count={images.length} onMove={move} />
              <button
                type="button"
                className="adm-button adm-button--small adm-button--danger"
                onClick={() => {
                  setImages((list) => list.filter((_, i) => i !== index));
                  announce(`Gallery image ${index + 1} removed.`);
                }}
              >
                Remove<span className="adm-visually-hidden"> gallery image {index + 1}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="adm-button adm-button--small" onClick={() => setImages((list) => [...list, { url: '', alt: '', order: list.length }])}>
        Add image
      </button>
    </div>
  );
}

function CallToActionFields({ block, onChange, errors }: BlockFieldsProps<Of<'callToAction'>>) {
  return (
    <>
      <TextField label="Heading" required maxLength={200} value={block.heading} onChange={(heading) => onChange((current) => ({ ...current, heading }))} error={errors.heading} />
      <TextAreaField label="Text" rows={3} maxLength={1000} value={block.text} onChange={(text) => onChange((current) => ({ ...current, text }))} error={errors.text} />
      <div className="adm-grid-2">
        <TextField
          label="Button text"
          required
          maxLength={80}
          value={block.button.text}
          onChange={(text) => onChange((current) => ({ ...current, button: { ...current.button, text } }))}
          error={errors['button.text'] ?? errors.button}
        />
        <TextField
          label="Button link"
          required
          hint="A page of this site (/pages/contact) or a full address (https://…)"
          value={block.button.link}
          onChange={(link) => onChange((current) => ({ ...current, button: { ...current.button, link } }))}
          error={errors['button.link']}
        />
      </div>
    </>
  );
}

const SOURCE_LABELS = { category: 'A category', tag: 'A tag', products: 'Products I pick' } as const;

function ProductGridFields({ block, onChange, errors, sources }: BlockFieldsProps<Of<'productGrid'>>) {
  const sourceId = useId();
  const pickId = useId();
  const listId = useId();
  const sourceError = errors.source;
  return (
    <>
      <div className="adm-grid-2">
        <FieldShell id={sourceId} label="Show products of" error={sourceError}>
          <select
            id={sourceId}
            className="adm-input adm-select"
            value={block.source}
            aria-describedby={describedBy(sourceId, undefined, sourceError)}
            onChange={(event) => onChange((current) => ({ ...current, source: event.target.value as Of<'productGrid'>['source'] }))}
          >
            {Object.entries(SOURCE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </FieldShell>
        <TextField
          label="Show at most"
          type="number"
          min={1}
          max={PRODUCT_GRID_MAX}
          required
          hint={`1 to ${PRODUCT_GRID_MAX} products`}
          value={Number.isFinite(block.limit) ? String(block.limit) : ''}
          onChange={(value) => onChange((current) => ({ ...current, limit: value === '' ? Number.NaN : Number(value) }))}
          error={errors.limit}
        />
      </div>
      {!sources ? <p className="adm-field__hint">Loading the catalogue…</p> : null}
      {sources && block.source === 'category' ? (
        <FieldShell id={pickId} label="Category" required error={errors.categoryId}>
          <select
            id={pickId}
            className="adm-input adm-select"
            value={block.categoryId ?? ''}
            aria-invalid={errors.categoryId ? true : undefined}
            aria-describedby={describedBy(pickId, undefined, errors.categoryId)}
            onChange={(event) => onChange((current) => ({ ...current, categoryId: event.target.value || null }))}
          >
            <option value="">Choose a category</option>
            {sources.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.title}
              </option>
            ))}
          </select>
        </FieldShell>
      ) : null}
      {sources && block.source === 'tag' ? (
        <FieldShell id={pickId} label="Tag" required error={errors.tagId}>
          <select
            id={pickId}
            className="adm-input adm-select"
            value={block.tagId ?? ''}
            aria-invalid={errors.tagId ? true : undefined}
            aria-describedby={describedBy(pickId, undefined, errors.tagId)}
            onChange={(event) => onChange((current) => ({ ...current, tagId: event.target.value || null }))}
          >
            <option value="">Choose a tag</option>
            {sources.tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.title}
              </option>
            ))}
          </select>
        </FieldShell>
      ) : null}
      {sources && block.source === 'products' ? (
        <fieldset className={`adm-fieldset${errors.productIds ? ' adm-field--invalid' : ''}`} aria-describedby={errors.productIds ? `${listId}-error` : undefined}>
          <legend className="adm-fieldset__legend">Products (in the order picked)</legend>
          <div className="adm-checkbox-grid adm-block-products">
            {sources.products.map((product) => (
              <label key={product.id} className="adm-checkbox">
                <input
                  type="checkbox"
                  checked={block.productIds.includes(product.id)}
                  aria-invalid={errors.productIds ? true : undefined}
                  onChange={(event) =>
                    onChange((current) => ({
                      ...current,
                      productIds: event.target.checked ? [...current.productIds, product.id] : current.productIds.filter((id) => id !== product.id),
                    }))
                  }
                />
                {product.title}
              </label>
            ))}
          </div>
          {errors.productIds ? (
            <p className="adm-field__error" id={`${listId}-error`} role="alert">
              {errors.productIds}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

type FaqItem = Of<'faq'>['items'][number];

function FaqFields({ block, onChange, errors, announce }: BlockFieldsProps<Of<'faq'>>) {
  const setItems = (update: (items: FaqItem[]) => FaqItem[]) => onChange((current) => ({ ...current, items: update(current.items) }));
  const move = (from: number, to: number) => {
    setItems((items) => {
      const next = [...items];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
    announce(`Question ${from + 1} moved to position ${to + 1} of ${block.items.length}.`);
  };
  return (
    <div className="adm-block-list">
      {errors.items ? (
        <p className="adm-field__error" role="alert">
          Questions {errors.items}
        </p>
      ) : null}
      <ol className="adm-block-items">
        {block.items.map((item, index) => (
          <li key={index} className="adm-block-item">
            <TextField
              label={`Question ${index + 1}`}
              required
              maxLength={300}
              value={item.question}
              onChange={(question) => setItems((items) => items.map((entry, i) => (i === index ? { ...entry, question } : entry)))}
              error={errors[`items.${index}.question`]}
            />
            <RichTextEditor
              label={`Answer ${index + 1}`}
              required
              minHeight={100}
              value={item.answer}
              onChange={(answer) => setItems((items) => items.map((entry, i) => (i === index ? { ...entry, answer } : entry)))}
              error={errors[`items.${index}.answer`]}
            />
            <div className="adm-block-item__tools">
              <MoveButtons label={`question ${index + 1}`} index={index} count={block.items.length} onMove={move} />
              <button
                type="button"
                className="adm-button adm-button--small adm-button--danger"
                onClick={() => {
                  setItems((items) => items.filter((_, i) => i !== index));
                  announce(`Question ${index + 1} removed.`);
                }}
              >
                Remove<span className="adm-visually-hidden"> question {index + 1}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="adm-button adm-button--small" onClick={() => setItems((items) => [...items, { question: '', answer: '' }])}>
        Add question
      </button>
    </div>
  );
}

function VideoFields({ block, onChange, errors }: BlockFieldsProps<Of<'video'>>) {
  return (
    <VideoPicker
      label="Video"
      required
      hint="Upload a video or choose one from the library, or give a YouTube or Vimeo link: the page shows it with the product page's click-to-load."
      value={block.url}
      onChange={(url) => onChange((current) => ({ ...current, url }))}
      error={errors.url}
    />
  );
}

function NewsletterFields({ block, onChange, errors }: BlockFieldsProps<Of<'newsletter'>>) {
  return (
    <>
      <TextField
        label="Heading"
        hint="Blank uses the site's newsletter heading"
        maxLength={200}
        value={block.heading}
        onChange={(heading) => onChange((current) => ({ ...current, heading }))}
        error={errors.heading}
      />
      <TextAreaField label="Text" rows={2} maxLength={1000} value={block.text} onChange={(text) => onChange((current) => ({ ...current, text }))} error={errors.text} />
    </>
  );
}
