import type { Insertable } from 'kysely';
import type { AttributeRow, ProductAttributeRow } from '../../db/schema';
import { badField } from '../../http/errors';
import type { AttributeValue } from '../../../shared/schemas/attribute';
import { slugify } from '../../../shared/slugify';
import { toAttribute } from './attribute-view';

/** A product's values as the API answers them, by slug, in the owner's order of attributes. */
export function valuesOf(rows: ProductAttributeRow[] | undefined, definitions: AttributeRow[]): Record<string, AttributeValue> {
  const values: Record<string, AttributeValue> = {};
  if (!rows || rows.length === 0) return values;
  const byAttribute = new Map(rows.map((row) => [row.attribute_id, row]));
  for (const definition of definitions) {
    const row = byAttribute.get(definition.id);
    if (!row) continue;
    if (definition.type === 'number' && row.value_num !== null) values[definition.slug] = Number(row.value_num);
    else if (definition.type === 'boolean' && row.value_text !== null) values[definition.slug] = row.value_text === 'true';
    else if (definition.type === 'choice' && row.value_text !== null) values[definition.slug] = row.value_text;
  }
  return values;
}

/** A choice's value as stored, found by its exact text, its text in any case, or its slug (`beginner` for "Beginner"). */
export function matchChoice(values: readonly string[], wanted: string): string | undefined {
  const folded = wanted.trim().toLowerCase();
  return values.find((value) => value === wanted) ?? values.find((value) => value.toLowerCase() === folded || slugify(value) === folded);
}

/**
 * The rows a product write stores for `input` (by slug), checked against the definitions:
 * an unknown slug, a value of the wrong type or a value not among a choice's values is a
 * 400 naming `attributes.<slug>`. A null value stores nothing (the product has none).
 */
export function productValueRows(productId: string, input: Record<string, AttributeValue | null>, definitions: AttributeRow[]): Insertable<ProductAttributeRow>[] {
  const bySlug = new Map(definitions.map((row) => [row.slug, row]));
  const rows: Insertable<ProductAttributeRow>[] = [];
  for (const [slug, value] of Object.entries(input)) {
    const field = `attributes.${slug}`;
    const row = bySlug.get(slug);
    if (!row) throw badField(`${field}: is not an attribute (define it in Attributes first)`);
    if (value === null) continue;
    const definition = toAttribute(row);
    if (definition.type === 'number') {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw badField(`${field}: must be a number`);
      if (Math.abs(value) > 1e12) throw badField(`${field}: is too large`);
      rows.push({ product_id: productId, attribute_id: row.id, value_text: null, value_num: value });
    } else if (definition.type === 'boolean') {
      if (typeof value !== 'boolean') throw badField(`${field}: must be true or false`);
      rows.push({ product_id: productId, attribute_id: row.id, value_text: value ? 'true' : 'false', value_num: value ? 1 : 0 });
    } else {
      if (typeof value !== 'string') throw badField(`${field}: must be one of ${definition.values.join(', ')}`);
      const stored = matchChoice(definition.values, value);
      if (stored === undefined) throw badField(`${field}: must be one of ${definition.values.join(', ')}`);
      rows.push({ product_id: productId, attribute_id: row.id, value_text: stored, value_num: null });
    }
  }
  return rows;
}
