import type { Db } from '../../db/database';
import type { AttributeRow } from '../../db/schema';
import type { Viewer } from '../../content/viewer';
import type { Facet } from '../../../shared/schemas/attribute';
import { slugify } from '../../../shared/slugify';
import { selectAttributes } from '../attributes/attribute.repository';
import { toAttribute } from '../attributes/attribute-view';
import { resolveFilter, type ProductQuery } from './product.reads';
import { selectFacetCounts } from './product.repository';

type Counted = Awaited<ReturnType<typeof selectFacetCounts>>[number];

function facetOf(row: AttributeRow, counted: Counted[]): Facet {
  const attribute = toAttribute(row);
  const mine = counted.filter((entry) => entry.attributeId === row.id);
  const countOf = (value: string) => mine.find((entry) => entry.value === value)?.count ?? 0;
  const values =
    attribute.type === 'choice'
      ? attribute.values.map((value) => ({ value, slug: slugify(value), count: countOf(value) }))
      : attribute.type === 'boolean'
        ? ['true', 'false'].map((value) => ({ value, slug: value, count: countOf(value) }))
        : [];
  const numbers = mine.filter((entry) => entry.min !== null);
  return {
    slug: attribute.slug,
    name: attribute.name,
    type: attribute.type,
    unit: attribute.unit,
    values,
    min: numbers.length > 0 ? Math.min(...numbers.map((entry) => entry.min!)) : null,
    max: numbers.length > 0 ? Math.max(...numbers.map((entry) => entry.max!)) : null,
    count: mine.reduce((sum, entry) => sum + entry.count, 0),
  };
}

/**
 * The filter attributes of a listing with their counts, read from the database (never by loading the
 * listing): a value's count is how many products the listing would show with it chosen, the other
 * attributes' choices kept (OR within an attribute, AND across). The attributes not chosen share one
 * query; each chosen one has its own, without its own choice.
 */
export async function productFacets(db: Db, viewer: Viewer, query: ProductQuery): Promise<Facet[]> {
  const definitions = (await selectAttributes(db)).filter((row) => row.is_filter === 1);
  if (definitions.length === 0) return [];
  const filter = await resolveFilter(db, viewer, query);
  if (!filter) return definitions.map((row) => facetOf(row, []));
  const chosen = new Set((filter.narrowing?.attributes ?? []).map((condition) => condition.attributeId));
  const counted = await selectFacetCounts(db, filter, definitions.filter((row) => !chosen.has(row.id)).map((row) => row.id));
  for (const row of definitions.filter((definition) => chosen.has(definition.id))) counted.push(...(await selectFacetCounts(db, filter, [row.id], row.id)));
  return definitions.map((row) => facetOf(row, counted));
}
