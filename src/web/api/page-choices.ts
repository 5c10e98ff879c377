import type { Attribute } from '../../shared/schemas/attribute';
import { isUpsideDownRange } from '../../shared/number-range';

type Choices = Record<string, string[]>;

/**
 * A page's chosen facets as the API takes them. The server renders a page's address leniently: a
 * number's range whose minimum is above its maximum is read as no range, the fields showing what was
 * typed (attribute-filters.ts). The API is strict and answers 400, so in the browser, where a page
 * followed in place asks the API, such a range is left out here and the page is the server's. The
 * attributes are asked only when a value looks like one (a choice's value may too: only a number's is left out).
 */
export async function apiChoices(choices: Choices, attributes: () => Promise<Attribute[]>): Promise<Choices> {
  if (!Object.values(choices).some((values) => values.some(isUpsideDownRange))) return choices;
  const numbers = new Set((await attributes()).filter((attribute) => attribute.type === 'number').map((attribute) => attribute.slug));
  const kept: Choices = {};
  for (const [slug, values] of Object.entries(choices)) {
    const left = numbers.has(slug) ? values.filter((value) => !isUpsideDownRange(value)) : values;
    if (left.length > 0) kept[slug] = left;
  }
  return kept;
}

/** The query with its choices as the API takes them. */
export async function withApiChoices<Q extends { attributes?: Choices | undefined }>(query: Q, attributes: () => Promise<Attribute[]>): Promise<Q> {
  return query.attributes ? { ...query, attributes: await apiChoices(query.attributes, attributes) } : query;
}
