import { z } from 'zod';
import { PublishFieldsSchema, PublishStateSchema } from './publish';
import { IdSchema, SlugSchema, optionalText, optionalUrl, requiredText, requiredUrl, richHtml } from './common';
import { SeoAnswerSchema, SeoFieldsSchema } from './seo';

/**
 * A free-form page (issue 29): a title, a slug, SEO fields and an ordered
 * list of blocks. Each block type has its own strict-enough schema; unknown
 * keys are dropped, as everywhere in the API. The server gives a block an id
 * when it comes without one and sanitises its HTML like rich text.
 */
export const BLOCK_TYPES = ['richText', 'image', 'gallery', 'callToAction', 'productGrid', 'faq', 'video', 'newsletter', 'contactForm'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const MAX_BLOCKS = 100;
export const MAX_FORM_FIELDS = 20;
const BlockIdSchema = z.string({ error: 'must be text' }).trim().max(100, 'is too long').regex(/^[A-Za-z0-9_-]*$/, 'must contain only letters, digits, _ and -').optional();

const RichTextBlock = z.object({ type: z.literal('richText'), html: richHtml(100_000) });
const ImageBlock = z.object({ type: z.literal('image'), url: requiredUrl, alt: optionalText(300), caption: optionalText(500) });
const GalleryBlock = z.object({
  type: z.literal('gallery'),
  images: z
    .array(z.object({ url: requiredUrl, alt: optionalText(300), order: z.number({ error: 'must be a number' }).int('must be a whole number').min(0).default(0) }), { error: 'must be a list of images' })
    .min(1, 'must hold at least one image')
    .max(60, 'is too long'),
});
const CallToActionBlock = z.object({
  type: z.literal('callToAction'),
  heading: requiredText(200),
  text: optionalText(1000),
  button: z.object({ text: requiredText(80), link: requiredUrl }, { error: 'must be {text, link}' }),
});
export const PRODUCT_GRID_SOURCES = ['category', 'tag', 'products'] as const;
export const PRODUCT_GRID_MAX = 48;
const ProductGridBlock = z
  .object({
    type: z.literal('productGrid'),
    source: z.enum(PRODUCT_GRID_SOURCES, { error: 'must be category, tag or products' }),
    categoryId: IdSchema.nullish(),
    tagId: IdSchema.nullish(),
    productIds: z.array(IdSchema, { error: 'must be a list of product ids' }).max(PRODUCT_GRID_MAX, 'is too long').optional(),
    limit: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(PRODUCT_GRID_MAX, `must be at most ${PRODUCT_GRID_MAX}`).default(8),
  })
  .superRefine((block, context) => {
    if (block.source === 'category' && !block.categoryId) context.addIssue({ code: 'custom', path: ['categoryId'], message: 'is required when source is category' });
    if (block.source === 'tag' && !block.tagId) context.addIssue({ code: 'custom', path: ['tagId'], message: 'is required when source is tag' });
    if (block.source === 'products' && !block.productIds?.length) context.addIssue({ code: 'custom', path: ['productIds'], message: 'is required when source is products' });
  })
  .transform((block) => ({
    type: block.type,
    source: block.source,
    categoryId: block.source === 'category' ? block.categoryId ?? null : null,
    tagId: block.source === 'tag' ? block.tagId ?? null : null,
    productIds: block.source === 'products' ? block.productIds ?? [] : [],
    limit: block.limit,
  }));
const FaqBlock = z.object({
  type: z.literal('faq'),
  items: z.array(z.object({ question: requiredText(300), answer: richHtml(10_000).refine((html) => html.trim() !== '', 'is required') }), { error: 'must be a list of {question, answer}' }).min(1, 'must hold at least one question').max(100, 'is too long'),
});
const VideoBlock = z.object({ type: z.literal('video'), url: requiredUrl });
const NewsletterBlock = z.object({ type: z.literal('newsletter'), heading: optionalText(200), text: optionalText(1000) });

export const FORM_FIELD_TYPES = ['text', 'email', 'choice', 'checkbox'] as const;
/** The three fields every contact form has, whatever the owner adds. */
export const BUILT_IN_FORM_FIELDS = ['name', 'email', 'message'] as const;
const FieldNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(40, 'is too long')
  .regex(/^[a-z][a-zA-Z0-9_]*$/, 'must start with a lower-case letter and hold only letters, digits and _')
  .refine((name) => !(BUILT_IN_FORM_FIELDS as readonly string[]).includes(name) && name !== 'website', 'is a built-in field');
const FormFieldSchema = z
  .object({
    name: FieldNameSchema,
    label: requiredText(200),
    type: z.enum(FORM_FIELD_TYPES, { error: 'must be text, email, choice or checkbox' }),
    required: z.boolean({ error: 'must be true or false' }).default(false),
    options: z.array(requiredText(200), { error: 'must be a list of texts' }).max(50, 'is too long').default([]),
  })
  .superRefine((field, context) => {
    if (field.type === 'choice' && field.options.length === 0) context.addIssue({ code: 'custom', path: ['options'], message: 'is required for a choice' });
  })
  .transform((field) => ({ ...field, options: field.type === 'choice' ? field.options : [] }));
const ContactFormBlock = z.object({
  type: z.literal('contactForm'),
  fields: z
    .array(FormFieldSchema, { error: 'must be a list of fields' })
    .max(MAX_FORM_FIELDS, 'is too long')
    .default([])
    .refine((fields) => new Set(fields.map((field) => field.name)).size === fields.length, 'must not name a field twice'),
  consentText: optionalText(1000),
  successMessage: optionalText(1000),
});

const BLOCK_SCHEMAS = {
  richText: RichTextBlock,
  image: ImageBlock,
  gallery: GalleryBlock,
  callToAction: CallToActionBlock,
  productGrid: ProductGridBlock,
  faq: FaqBlock,
  video: VideoBlock,
  newsletter: NewsletterBlock,
  contactForm: ContactFormBlock,
} satisfies Record<BlockType, z.ZodType>;

const TypeSchema = z.enum(BLOCK_TYPES, { error: `must be one of ${BLOCK_TYPES.join(', ')}` });

/**
 * One block: its type read first, so a bad type is named as such ("blocks.2.type:
 * must be one of …") and a bad field under its own path ("blocks.2.button.link: …").
 */
export const BlockInputSchema = z
  .object({ id: BlockIdSchema, type: TypeSchema }, { error: 'must be a block object' })
  .loose()
  .transform((block, context) => {
    const parsed = BLOCK_SCHEMAS[block.type].safeParse(block);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) context.addIssue({ ...issue, path: issue.path } as never);
      return z.NEVER;
    }
    return { id: block.id || undefined, ...(parsed.data as object) } as BlockInputOutput;
  });

type Out<S extends z.ZodType> = z.output<S> & { id?: string | undefined };
type BlockInputOutput = { [K in BlockType]: Out<(typeof BLOCK_SCHEMAS)[K]> }[BlockType];

export const PageInputSchema = z.object({
  title: requiredText(200),
  slug: SlugSchema,
  shareImage: optionalUrl,
  blocks: z.array(BlockInputSchema, { error: 'must be a list of blocks' }).max(MAX_BLOCKS, `must hold at most ${MAX_BLOCKS} blocks`).default([]),
  ...PublishFieldsSchema.shape,
  ...SeoFieldsSchema.shape,
});
export type PageInput = z.input<typeof PageInputSchema>;
export type PageInputData = z.output<typeof PageInputSchema>;

// What the API answers: the same shapes, every field present, with the id the server gave.
const FormFieldAnswer = z.strictObject({ name: z.string(), label: z.string(), type: z.enum(FORM_FIELD_TYPES), required: z.boolean(), options: z.array(z.string()) });
const withId = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ id: z.string(), ...shape });
export const BlockAnswerSchema = z.discriminatedUnion('type', [
  withId({ type: z.literal('richText'), html: z.string() }),
  withId({ type: z.literal('image'), url: z.string(), alt: z.string(), caption: z.string() }),
  withId({ type: z.literal('gallery'), images: z.array(z.strictObject({ url: z.string(), alt: z.string(), order: z.number() })) }),
  withId({ type: z.literal('callToAction'), heading: z.string(), text: z.string(), button: z.strictObject({ text: z.string(), link: z.string() }) }),
  withId({
    type: z.literal('productGrid'),
    source: z.enum(PRODUCT_GRID_SOURCES),
    categoryId: z.string().nullable(),
    tagId: z.string().nullable(),
    productIds: z.array(z.string()),
    limit: z.number(),
  }),
  withId({ type: z.literal('faq'), items: z.array(z.strictObject({ question: z.string(), answer: z.string() })) }),
  withId({ type: z.literal('video'), url: z.string() }),
  withId({ type: z.literal('newsletter'), heading: z.string(), text: z.string() }),
  withId({ type: z.literal('contactForm'), fields: z.array(FormFieldAnswer), consentText: z.string(), successMessage: z.string() }),
]);
export type Block = z.infer<typeof BlockAnswerSchema>;
export type ContactFormBlock = Extract<Block, { type: 'contactForm' }>;

export const PageAnswerSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  shareImage: z.string(),
  blocks: z.array(BlockAnswerSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...SeoAnswerSchema.shape,
  ...PublishStateSchema.shape,
});
export type SitePage = z.infer<typeof PageAnswerSchema>;
