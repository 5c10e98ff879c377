import type { AttributeRow } from '../../db/schema';
import { badField } from '../../http/errors';
import type { AttributeCondition } from '../products/product-narrowing';
import { toAttribute } from './attribute-view';
import { matchChoice } from './product-values';
import { readRange } from '../../../shared/number-range';

/** Raw filter values by attribute slug, as a URL gives them (`attr.level=beginner&attr.level=advanced`, `level=beginner,advanced`). */
export type AttributeQuery = Record<string, string[]>;

const BOOLEAN_WORDS: Record<string, string> = { true: 'true', yes: 'true', '1': 'true', false: 'false', no: 'false', '0': 'false' };

/**
 * The conditions of the query, checked against the definitions. `strict` (the API): an unknown
 * slug or a value that is not the attribute's is a 400 naming `<param>` (`attr.level`); otherwise
 * (a shared page address) what names nothing is left out. Choices OR within one attribute, attributes AND.
 */
export function attributeConditions(
  definitions: AttributeRow[],
  query: AttributeQuery,
  options: { strict: boolean; param: (slug: string) => string },
): AttributeCondition[] {
  const bySlug = new Map(definitions.map((row) => [row.slug, row]));
  const conditions: AttributeCondition[] = [];
  for (const [slug, raw] of Object.entries(query)) {
    const param = options.param(slug);
    const row = bySlug.get(slug);
    if (!row) {
      if (options.strict) throw badField(`${param}: is not an attribute`);
      continue;
    }
    const definition = toAttribute(row);
    const refuse = (message: string) => {
      if (options.strict) throw badField(`${param}: ${message}`);
    };
    if (definition.type === 'number') {
      const range = readRange(raw[0] ?? '');
      if (!range || raw.length > 1) {
        refuse('must be a number or a range min-max (either end may be left out: 10- or -180)');
        continue;
      }
      conditions.push({ attributeId: row.id, slug, kind: 'range', ...range });
      continue;
    }
    const wanted = new Set<string>();
    for (const text of raw) {
      // A choice's value may hold a comma: the whole text first, then its parts (a page's `a,b`).
      const parts = definition.type === 'choice' && matchChoice(definition.values, text) !== undefined ? [text] : text.split(',');
      for (const part of parts.map((item) => item.trim()).filter(Boolean)) {
        const value = definition.type === 'boolean' ? BOOLEAN_WORDS[part.toLowerCase()] : matchChoice(definition.values, part);
        if (value === undefined) {
          refuse(definition.type === 'boolean' ? 'must be true or false' : `must be one of ${definition.values.join(", ")}`);
          continue;
        }
        wanted.add(value);
      }
    }
    if (wanted.size > 0) conditions.push({ attributeId: row.id, slug, kind: 'values', values: [...wanted].sort() });
    else if (options.strict && raw.length > 0) throw badField(`${param}: needs a value`);
  }
  return conditions;
}
