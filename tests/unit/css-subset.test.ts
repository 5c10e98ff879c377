import { describe, expect, it } from 'vitest';
import { classesIn, CssSubset } from '../../src/server/ssr/css-subset';

const SHEET = [
  ':root{--gap:8px}',
  '*,:before{box-sizing:border-box}',
  'a{color:blue}',
  '.card{padding:8px}',
  '.card__title{font-weight:600}',
  '.gallery .thumb{width:20%}',
  '.btn:hover,.chip:focus-visible{outline:2px solid}',
  '.grid:not(.grid--wide) .card{margin:0}',
  '.form:has(.invalid){color:red}',
  '[data-x=".dialog"]{color:green}',
  '.quote:before{content:"}{"}',
  '@media (width>=768px){.card{padding:16px}.gallery{display:grid}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.spinner{animation:spin 1s}',
].join('');

describe('a page inlines only the rules its HTML can use (decision 077)', () => {
  const subset = new CssSubset(SHEET);

  it('keeps rules whose every class is on the page, in their order, with their media queries', () => {
    const html = '<div class="grid"><article class="card"><h3 class="card__title">A</h3><a class="chip" href="/">x</a></article></div><form class="form"></form>';
    expect([...classesIn(html)].sort()).toEqual(['card', 'card__title', 'chip', 'form', 'grid']);
    expect(subset.forHtml(html)).toBe(
      [
        ':root{--gap:8px}',
        '*,:before{box-sizing:border-box}',
        'a{color:blue}',
        '.card{padding:8px}',
        '.card__title{font-weight:600}',
        '.btn:hover,.chip:focus-visible{outline:2px solid}',
        '.grid:not(.grid--wide) .card{margin:0}',
        '.form:has(.invalid){color:red}',
        '[data-x=".dialog"]{color:green}',
        '@media (width>=768px){.card{padding:16px}}',
        '@keyframes spin{to{transform:rotate(1turn)}}',
      ].join(''),
    );
  });

  it('drops a group left empty, and reads braces inside strings as text', () => {
    const html = '<blockquote class="quote">x</blockquote><span class="spinner"></span>';
    const cut = subset.forHtml(html);
    expect(cut).toContain('.quote:before{content:"}{"}');
    expect(cut).toContain('.spinner{animation:spin 1s}');
    expect(cut).not.toContain('@media');
    expect(cut).not.toContain('.gallery');
    // A page with every class gets the whole sheet back.
    expect(subset.forHtml('<i class="card card__title gallery thumb btn chip grid form quote spinner"></i>')).toBe(SHEET);
  });
});
