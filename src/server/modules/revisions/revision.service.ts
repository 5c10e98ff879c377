import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import { z } from 'zod';
import { badField, badRequest, notFound } from '../../http/errors';
import type { Versioned } from '../../http/etag';
import type { Writer } from '../../content/changes';
import type { RevisionEntry } from '../../../shared/schemas/revision';
import type { Product } from '../../../shared/schemas/product';
import type { Category } from '../../../shared/schemas/category';
import { getProductById, updateProduct } from '../products/product.service';
import { selectAttributes } from '../attributes/attribute.repository';
import { getCategoryById, updateCategory } from '../categories/category.service';
import { saveAbout, saveHomepage, saveTheme } from '../site/site.service';
import { getPageById, updatePage } from '../pages/page.service';
import type { SitePage } from '../../../shared/schemas/page';
import { selectExistingCategoryIds } from '../categories/category.repository';
import { selectExistingTagIds } from '../tags/tag.repository';
import { selectRevision, selectRevisions } from './revision.repository';
import { contentType, type RevisionedType } from '../../content/types';

export const REVISION_NOT_FOUND = 'Revision not found';
const DAMAGED = 'This version cannot be restored: its saved copy is damaged';

/** The revisions of one item, newest first; 404 when a product or category does not exist. */
export async function listRevisions(db: Db, entity: RevisionedType, itemId: string): Promise<RevisionEntry[]> {
  await assertItemExists(db, entity, itemId);
  const rows = await selectRevisions(db, entity, itemId);
  return rows.map((row) => ({ id: row.id, createdAt: row.created_at, summary: row.summary }));
}

/** One revision with its saved content, for the admin's "what would change" before a restore (issue 24). */
export async function getRevision(db: Db, entity: RevisionedType, itemId: string, revisionId: string): Promise<RevisionEntry & { snapshot: unknown }> {
  await assertItemExists(db, entity, itemId);
  const row = await selectRevision(db, entity, itemId, revisionId);
  if (!row) throw notFound(REVISION_NOT_FOUND);
  return { id: row.id, createdAt: row.created_at, summary: row.summary, snapshot: parseJson<unknown>(row.snapshot, null) };
}

/** An item of a type stored in a table must exist (404, "Product not found"); a singleton always does. */
async function assertItemExists(db: Db, entity: RevisionedType, itemId: string): Promise<void> {
  const type = contentType(entity);
  if (!('table' in type.store)) return;
  const found = await db.selectFrom(type.store.table).select('id').where('id', '=', itemId).executeTakeFirst();
  if (!found) throw notFound(`${type.label} not found`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const idList = (value: unknown) => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/** The snapshot without what a save does not take, and links to categories or tags deleted since. */
async function productInput(db: Db, snapshot: Record<string, unknown>) {
  const { id: _id, order: _order, status: _status, publishAt: _publishAt, ...fields } = snapshot as Partial<Product>;
  const categories = idList(fields.categories);
  const tags = idList(fields.tags);
  const existingCategories = await selectExistingCategoryIds(db, categories);
  const existingTags = await selectExistingTagIds(db, tags);
  // Values of attributes deleted since are left out; those of attributes still defined are checked as a save checks them.
  const defined = new Set((await selectAttributes(db)).map((row) => row.slug));
  const attributes = isRecord(fields.attributes) ? Object.fromEntries(Object.entries(fields.attributes).filter(([slug]) => defined.has(slug))) : undefined;
  return { ...fields, attributes, categories: categories.filter((id) => existingCategories.has(id)), tags: tags.filter((id) => existingTags.has(id)) } as Product;
}

/**
 * A version saved under older rules may not pass today's (a character now
 * refused, a field now required): the save's own validation refuses it, and
 * that is a 400 naming the field, as the same save through the API would be.
 */
async function asFieldErrors<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof z.ZodError)) throw error;
    const issue = error.issues[0];
    const field = issue?.path.join('.') || 'version';
    const message = (issue?.message ?? 'is invalid').replace(/^Invalid input: /, '');
    throw badField(`${field}: ${message} (in the version being restored)`);
  }
}

type Restore = (writer: Writer, itemId: string, snapshot: Record<string, unknown>) => Promise<Versioned<unknown>>;

/**
 * How each revisioned type (content/types.ts) saves a snapshot again, through
 * its own service; the compiler asks for one per revisioned type. The page
 * keeps its current address (issue 24: a restore moved it back to an old slug).
 */
const RESTORE: Record<RevisionedType, Restore> = {
  product: async (writer, itemId, snapshot) => {
    const current = await getProductById(writer.db, 'admin', itemId);
    return updateProduct(writer, itemId, { ...(await productInput(writer.db, snapshot)), ...(current ? { slug: current.slug } : {}) });
  },
  category: async (writer, itemId, snapshot) => {
    const { id: _id, order: _order, status: _status, publishAt: _publishAt, ...fields } = snapshot as Partial<Category>;
    const current = await getCategoryById(writer.db, 'admin', itemId);
    return updateCategory(writer, itemId, { ...fields, ...(current ? { slug: current.slug } : {}) } as Category);
  },
  page: async (writer, itemId, snapshot) => {
    const { id: _id, status: _status, publishAt: _publishAt, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = snapshot as Partial<SitePage>;
    const current = await getPageById(writer.db, 'admin', itemId);
    return updatePage(writer, itemId, { ...fields, ...(current ? { slug: current.slug } : {}) } as SitePage);
  },
  homepage: (writer, _itemId, snapshot) => saveHomepage(writer, snapshot as never),
  about: (writer, _itemId, snapshot) => saveAbout(writer, snapshot as never),
  theme: (writer, _itemId, snapshot) => saveTheme(writer, snapshot as never),
};

/**
 * Saves the revision's content again, through the item's own service, so the
 * restore is itself a new revision (noted as a restore). Publishing status and
 * list position stay as they are now: bringing back an old text must not
 * unpublish or move the item.
 */
export async function restoreRevision(writer: Writer, entity: RevisionedType, itemId: string, revisionId: string): Promise<Versioned<unknown>> {
  await assertItemExists(writer.db, entity, itemId);
  const revision = await selectRevision(writer.db, entity, itemId, revisionId);
  if (!revision) throw notFound(REVISION_NOT_FOUND);
  const snapshot = parseJson<unknown>(revision.snapshot, null);
  if (!isRecord(snapshot)) throw badRequest(DAMAGED);
  const restoring: Writer = { ...writer, note: `Restored the version of ${revision.created_at}` };
  return asFieldErrors(() => RESTORE[entity](restoring, itemId, snapshot));
}
