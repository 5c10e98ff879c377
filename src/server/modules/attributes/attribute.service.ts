import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { AttributeRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { nowIso } from '../../db/json';
import { badField, conflict, notFound } from '../../http/errors';
import { AttributeInputSchema, type Attribute, type AttributeInput } from '../../../shared/schemas/attribute';
import { toAttribute } from './attribute-view';

export { toAttribute };
import { slugify } from '../../../shared/slugify';
import type { Writer } from '../../content/changes';
import { write } from '../../content/write';
import {
  deleteAttributeRow,
  insertAttribute,
  selectAttributeById,
  selectAttributes,
  selectMaxAttributePosition,
  selectValuesOutside,
  updateAttributeRow,
} from './attribute.repository';

export const ATTRIBUTE_NOT_FOUND = 'Attribute not found';
const RESERVED_SLUGS = new Set(['page', 'tags', 'tag', 'sort', 'q', 'edition', 'limit', 'cursor', 'category', 'status', 'availability', 'onsale']);
const SLUG_TAKEN = 'An attribute with this slug already exists';

/** Validates beyond the schema: a choice has values, told apart by their slugs; only a choice has values, only a number a unit. */
export function cleanAttribute(input: AttributeInput) {
  const data = AttributeInputSchema.parse(input);
  // A facet is a parameter of the category page's address, beside the page's own.
  if (RESERVED_SLUGS.has(data.slug)) throw badField(`slug: “${data.slug}” is a parameter the pages use already; choose another`);
  const values = data.values ?? [];
  if (data.type === 'choice') {
    if (values.length === 0) throw badField('values: a choice needs at least one value');
    const seen = new Map<string, string>();
    for (const [index, value] of values.entries()) {
      const key = slugify(value);
      if (!key) throw badField(`values.${index}: must contain a letter or a digit`);
      const twin = seen.get(key);
      if (twin !== undefined) throw badField(`values.${index}: “${value}” is the same as “${twin}” in a URL`);
      seen.set(key, value);
    }
  } else if (values.length > 0) {
    throw badField(`values: only a choice has values`);
  }
  if (data.type !== 'number' && data.unit) throw badField('unit: only a number has a unit');
  return {
    name: data.name,
    slug: data.slug,
    type: data.type,
    choices: JSON.stringify(data.type === 'choice' ? values : []),
    unit: data.type === 'number' ? data.unit || null : null,
    is_filter: data.filter ? 1 : 0,
  };
}

async function mapSlugConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN, 'slug');
    throw error;
  }
}

/** Every attribute, in the owner's order. */
export async function listAttributes(db: Db): Promise<Attribute[]> {
  return (await selectAttributes(db)).map(toAttribute);
}

export async function getAttributeById(db: Db, id: string): Promise<Attribute | undefined> {
  const row = await selectAttributeById(db, id);
  return row && toAttribute(row);
}

export async function createAttribute(writer: Writer, input: AttributeInput): Promise<Attribute> {
  const columns = cleanAttribute(input);
  const id = randomUUID();
  return mapSlugConflict(() =>
    write(writer, { type: 'attribute', action: 'create', id }, async (trx) => {
      const now = nowIso();
      await insertAttribute(trx, { id, ...columns, position: (await selectMaxAttributePosition(trx)) + 1, created_at: now, updated_at: now });
      const attribute = toAttribute((await selectAttributeById(trx, id))!);
      return { result: attribute, before: null, after: attribute };
    }),
  );
}

/**
 * Products' values are never dropped by a change of the definition (decision 072): a change
 * of type, or a choice's list without a value some product holds, is refused (409 naming the
 * field) until those products no longer hold it. The slug may change: answers follow it.
 */
async function assertValuesStillFit(trx: Db, current: AttributeRow, next: ReturnType<typeof cleanAttribute>): Promise<void> {
  if (next.type !== current.type) {
    const held = await selectValuesOutside(trx, current.id, null);
    const count = held.reduce((sum, row) => sum + row.count, 0);
    if (count > 0) throw conflict(`type: ${count === 1 ? '1 product has' : `${count} products have`} a value of this attribute; clear them first`, 'type');
    return;
  }
  if (next.type !== 'choice') return;
  const lost = await selectValuesOutside(trx, current.id, JSON.parse(next.choices) as string[]);
  const first = lost[0];
  if (first) throw conflict(`values: “${first.value}” is set on ${first.count === 1 ? '1 product' : `${first.count} products`}; change them first`, 'values');
}

export async function updateAttribute(writer: Writer, id: string, input: AttributeInput): Promise<Attribute> {
  const columns = cleanAttribute(input);
  return mapSlugConflict(() =>
    write(writer, { type: 'attribute', action: 'update', id }, async (trx) => {
      const current = await selectAttributeById(trx, id);
      if (!current) throw notFound(ATTRIBUTE_NOT_FOUND);
      await assertValuesStillFit(trx, current, columns);
      await updateAttributeRow(trx, id, { ...columns, updated_at: nowIso() });
      const attribute = toAttribute((await selectAttributeById(trx, id))!);
      return { result: attribute, before: toAttribute(current), after: attribute };
    }),
  );
}

/** Deletes the attribute and every product's value of it, in one write. */
export async function deleteAttribute(writer: Writer, id: string): Promise<void> {
  await write(writer, { type: 'attribute', action: 'delete', id }, async (trx) => {
    const current = await selectAttributeById(trx, id);
    if (!current || !(await deleteAttributeRow(trx, id))) throw notFound(ATTRIBUTE_NOT_FOUND);
    return { result: undefined, before: toAttribute(current), after: null };
  });
}
