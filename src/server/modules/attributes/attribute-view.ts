import type { AttributeRow } from '../../db/schema';
import { parseJson } from '../../db/json';
import type { Attribute, AttributeType } from '../../../shared/schemas/attribute';

const asType = (value: string): AttributeType => (value === 'number' || value === 'boolean' ? value : 'choice');
const choicesOf = (row: AttributeRow): string[] => {
  const stored = parseJson<unknown>(row.choices, []);
  return Array.isArray(stored) ? stored.filter((value): value is string => typeof value === 'string') : [];
};

export function toAttribute(row: AttributeRow): Attribute {
  const type = asType(row.type);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type,
    values: type === 'choice' ? choicesOf(row) : [],
    unit: type === 'number' ? (row.unit ?? null) : null,
    filter: row.is_filter === 1,
  };
}

