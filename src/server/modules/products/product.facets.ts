import type { Db } from '../../db/database';
import type { AttributeRow } from '../../db/schema';
import type { Viewer } from '../../content/viewer';
import type { Facet } from '../../../shared/schemas/attribute';
import { slugify } from '../../../shared/slugify';
import { selectAttributes } from '../attributes/attribute.repository';
import { toAttribute } from '../attributes/attribute-view';
import { listingCountKey, resolveFilter, type ProductQuery } from './product.reads';
import type { CatalogueFigures } from '../../content/catalogue-figures';
import { selectFacetCounts, type FacetCount } from './product.repository';

function facetOf(row: AttributeRow, counted: FacetCount[]): Facet {
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
 * attributes' choices kept (OR within an attribute, AND across). One read (selectFacetCounts), which also
 * counts the listing: `total`, handed to the page's count when `figures` are given (the same figure).
 */
export async function productFacets(db: Db, viewer: Viewer, query: ProductQuery, figures?: CatalogueFigures): Promise<Facet[]> {
  const definitions = (await selectAttributes(db)).filter((row) => row.is_filter === 1);
  if (definitions.length === 0) return [];
  const filter = await resolveFilter(db, viewer, query);
  if (!filter) return definitions.map((row) => facetOf(row, []));
  const { counts, total } = await selectFacetCounts(db, filter, definitions.map((row) => ({ id: row.id, type: row.type })));
  if (figures && filter.narrowing?.onSale === undefined) void figures.get(listingCountKey(viewer, query, filter), () => Promise.resolve(total));
  return definitions.map((row) => facetOf(row, counts));
}
