import { describe, expect, it } from 'vitest';
import { categorySearch, pageIdentity, readCategoryParams } from '../../src/web/category-params';

const known = new Set(['level', 'duration', 'files']);
const identity = (query: string) => pageIdentity('/category/courses', new URLSearchParams(query), known);

/** A category page's facets in its address (decision 072): one normal form, only known facets, forms' ranges folded. */
describe('category facets in the address', () => {
  it('folds the ways of writing one choice into one identity', () => {
    const normal = '/category/courses?duration=0-180&level=advanced,beginner';
    expect(identity('level=beginner,advanced&duration=0-180')).toBe(normal);
    expect(identity('level=Advanced&level=beginner&duration-min=0&duration-max=180&utm_source=x&fbclid=y')).toBe(normal);
    expect(identity('duration=0-180&level=beginner&level=advanced&level=beginner&page=1&sort=order')).toBe(normal);
  });

  it('keeps only the known facets, the sort and the tags', () => {
    expect(identity('colour=red&files=true&sort=price-asc&tags=b,a')).toBe('/category/courses?files=true&sort=price-asc&tags=a,b');
    expect(identity('sort=cheapest')).toBe('/category/courses');
    expect(identity('duration-min=ten')).toBe('/category/courses');
    expect(identity('duration-max=90')).toBe('/category/courses?duration=-90');
  });

  it('writes the links of a page in the same form', () => {
    const params = readCategoryParams(new URLSearchParams('level=beginner&sort=newest&page=2'), known);
    expect(categorySearch({ ...params, page: 1 })).toBe('?level=beginner&sort=newest');
    expect(categorySearch({ page: 3, tags: [], facets: { level: ['b', 'a'] } })).toBe('?level=a,b&page=3');
  });

  it('keys a search by its words, known facets, page and sort, the words first (decision 077)', () => {
    const search = (query: string) => pageIdentity('/search', new URLSearchParams(query), known);
    expect(search('sort=price-asc&level=beginner&q=%20clay%20&utm_source=x&colour=red')).toBe('/search?q=clay&level=beginner&sort=price-asc');
    expect(search('q=clay&level=Advanced&level=beginner&duration-min=0&duration-max=180&page=2&sort=')).toBe('/search?q=clay&duration=0-180&level=advanced,beginner&page=2');
    // No sort is the ranking; `order` is the owner's order, asked for.
    expect(search('q=clay&sort=order')).toBe('/search?q=clay&sort=order');
    expect(search('level=beginner&sort=newest')).toBe('/search');
  });
});
