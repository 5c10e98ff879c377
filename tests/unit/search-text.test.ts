import { describe, expect, it } from 'vitest';
import { pageIdentity } from '../../src/web/category-params';
import { excerpt, highlight, queryWords, wordsOf } from '../../src/shared/search-text';
import { htmlToText } from '../../src/shared/html-text';

describe('search words, highlights and the page key', () => {
  it('cuts text into folded words; symbols and operators are separators', () => {
    expect(wordsOf('Café au LAIT, 3D-Printing!')).toEqual(['cafe', 'au', 'lait', '3d', 'printing']);
    expect(queryWords('"water*" -colour NEAR(a b) %_ water')).toEqual(['water', 'colour', 'near', 'a', 'b']);
    expect(queryWords('*** %% "" -')).toEqual([]);
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('marks each word that starts with a query word, keeping the text exactly', () => {
    const pieces = highlight('Watercolour & <b>café</b> washes', ['water', 'cafe']);
    expect(pieces.map((piece) => piece.text).join('')).toBe('Watercolour & <b>café</b> washes');
    expect(pieces.filter((piece) => piece.match).map((piece) => piece.text)).toEqual(['Watercolour', 'café']);
    expect(highlight('no match here', ['zz']).every((piece) => !piece.match)).toBe(true);
  });

  it('takes rich text as text, and cuts long text around the first match', () => {
    expect(htmlToText('<p>Ink &amp; wash</p><p>&lt;b&gt;</p>')).toBe('Ink & wash <b>');
    const long = `${'lorem '.repeat(60)}target ${'ipsum '.repeat(60)}`;
    const cut = excerpt(long, ['target'], 100);
    expect(cut).toContain('target');
    expect(cut.startsWith('… ')).toBe(true);
    expect(cut.endsWith(' …')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(106);
  });

  it('keys /search by the normalised q and page (facets and sort: facet-params.test.ts)', () => {
    const key = (query: string) => pageIdentity('/search', new URLSearchParams(query));
    expect(key('q=%20ink%20%20wash&utm_source=x&page=1')).toBe('/search?q=ink+wash');
    expect(key('page=2&q=ink+wash')).toBe('/search?q=ink+wash&page=2');
    expect(key('page=2')).toBe('/search');
    expect(key(`q=${'a'.repeat(500)}`)).toBe(`/search?q=${'a'.repeat(200)}`);
    expect(pageIdentity('/search/', new URLSearchParams('q=x'))).toBe('/search?q=x');
  });
});
