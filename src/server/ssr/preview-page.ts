import type { Db } from '../db/database';
import type { ContentSource } from '../../web/api/content-source';
import type { AboutPage, Category, HeroConfig, Product } from '../../shared/schemas';
import { CategoryInputSchema, ProductInputSchema } from '../../shared/schemas';
import { pageProducts } from '../modules/products/product.service';
import { previewEditions } from '../modules/products/editions';
import { getCategoryById } from '../modules/categories/category.service';
import { listTags } from '../modules/tags/tag.service';
import type { StoredPreview } from '../modules/preview/preview.service';
import { BlockAnswerSchema, type PageInputData, type SitePage } from '../../shared/schemas/page';

/** The public path a preview shows, and the visitors' content with the previewed item put in its place. */
export type PreviewPlan = { path: string; source: ContentSource };

const PREVIEW_ID = 'preview';

export async function planPreview(db: Db, base: ContentSource, preview: StoredPreview): Promise<PreviewPlan> {
  switch (preview.kind) {
    case 'product': {
      const fields = ProductInputSchema.parse(preview.data);
      const editions = previewEditions(fields);
      const first = editions[0]!;
      const attributes = Object.fromEntries(Object.entries(fields.attributes ?? {}).filter((entry): entry is [string, string | number | boolean] => entry[1] !== null));
      const product: Product = { ...fields, attributes, id: preview.id ?? PREVIEW_ID, order: fields.order ?? 0, status: 'published', publishAt: null, buyLink: first.buyLink, price: first.price, currency: first.currency, editions };
      return {
        path: `/product/${product.slug}`,
        source: { ...base, getProductBySlug: async (slug) => (slug === product.slug ? product : base.getProductBySlug(slug)) },
      };
    }
    case 'category': {
      const fields = CategoryInputSchema.parse(preview.data);
      const category: Category = { ...fields, id: preview.id ?? PREVIEW_ID, order: fields.order ?? 0, status: 'published', publishAt: null };
      // The products the saved category holds, whatever the category's own status; a new category holds none yet.
      const saved = preview.id ? await getCategoryById(db, 'admin', preview.id) : undefined;
      const own = (slug: string | undefined) => slug === category.slug;
      return {
        path: `/category/${category.slug}`,
        source: {
          ...base,
          getCategoryBySlug: async (slug) => (own(slug) ? category : base.getCategoryBySlug(slug)),
          listCategories: async () => [...(await base.listCategories()).filter((c) => c.id !== category.id), category],
          pageProducts: async (query) => {
            if (!own(query.category)) return base.pageProducts(query);
            if (!saved) return { items: [], nextCursor: null, total: 0 };
            return pageProducts(db, 'visitor', { categoryId: saved.id, tag: query.tags, limit: query.limit, cursor: query.cursor, offset: query.offset, attributes: query.attributes, sort: query.sort });
          },
          listTags: async (query = {}) => (own(query.category) ? (saved ? listTags(db, 'visitor', { category: saved.slug }) : []) : base.listTags(query)),
        },
      };
    }
    case 'homepage':
      return { path: '/', source: { ...base, getHomepage: async () => preview.data as HeroConfig } };
    case 'about':
      return { path: '/about', source: { ...base, getAbout: async () => preview.data as AboutPage } };
    case 'page': {
      // The blocks were cleaned when the preview was stored (preview.service.ts): read as a saved page reads them.
      const fields = preview.data as PageInputData & { blocks: unknown[] };
      const now = new Date().toISOString();
      const page: SitePage = {
        id: preview.id ?? PREVIEW_ID,
        title: fields.title,
        slug: fields.slug,
        shareImage: fields.shareImage ?? '',
        blocks: fields.blocks.flatMap((block) => {
          const parsed = BlockAnswerSchema.safeParse(block);
          return parsed.success ? [parsed.data] : [];
        }),
        seoTitle: fields.seoTitle ?? null,
        seoDescription: fields.seoDescription ?? null,
        status: 'published',
        publishAt: null,
        createdAt: now,
        updatedAt: now,
      };
      // Marked as a preview: the contact form is drawn but cannot be sent from here (nothing typed in a preview reaches the inbox).
      return { path: `/pages/${page.slug}`, source: { ...base, preview: true, getPageBySlug: async (slug) => (slug === page.slug ? page : base.getPageBySlug(slug)) } };
    }
  }
}
