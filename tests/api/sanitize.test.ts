import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeRichHtml } from '../../src/server/content/sanitize-html';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('rich HTML sanitiser', () => {
  it.each([
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<img src="/uploads/x.png" onerror="alert(1)">', '<img src="/uploads/x.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<img src="//evil.example/x.png">', ''],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="x()" onmouseover="y()">t</p>', '<p>t</p>'],
    ['<span style="color: expression(alert(1)); position: fixed">t</span>', '<span>t</span>'],
    ['<span style="background-color: url(javascript:alert(1))">t</span>', '<span>t</span>'],
    ['<form action="/x"><input name="a"></form><object data="x"></object>', ''],
    ['<p class="evil ql-align-center">t</p>', '<p class="ql-align-center">t</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
  ])('cleans %s', (input, expected) => {
    expect(sanitizeRichHtml(input)).toBe(expected);
  });

  it('keeps the formatting the Quill 2 editor writes', () => {
    const quill = [
      '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>',
      '<p class="ql-align-center ql-indent-2"><span class="ql-size-huge">big</span> <span class="ql-size-small">small</span> <span class="ql-size-large">large</span></p>',
      '<p class="ql-align-right"><strong>b</strong><em>i</em><u>u</u><s>s</s><sub>2</sub><sup>3</sup></p>',
      '<p class="ql-align-justify"><span style="color:rgb(230, 0, 0);background-color:#ffff00">colour</span></p>',
      '<ol><li data-list="ordered">first</li><li data-list="bullet" class="ql-indent-1">bullet</li></ol>',
      '<ul><li>plain</li></ul>',
      '<blockquote>quote</blockquote><pre class="ql-syntax">code()</pre><p><code>x</code><br /></p>',
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a> <a href="/about">in</a> <a href="mailto:hi@example.com">mail</a></p>',
      '<p><img src="/uploads/a.png" alt="A" width="300" height="200" /><img src="https://cdn.example.com/b.jpg" /></p>',
      '<p style="text-align:center">centered</p>',
    ].join('');
    expect(sanitizeRichHtml(quill)).toBe(quill);
  });

  it('adds rel="noopener noreferrer" to links opening a new tab and drops other targets', () => {
    expect(sanitizeRichHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichHtml('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichHtml('<a href="/x" target="_parent">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('drops Quill user-interface helpers and unknown list kinds', () => {
    expect(sanitizeRichHtml('<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>a</li></ol>')).toBe(
      '<ol><li data-list="bullet"><span></span>a</li></ol>',
    );
    expect(sanitizeRichHtml('<ol><li data-list="x&quot; onclick=&quot;y">a</li></ol>')).toBe('<ol><li>a</li></ol>');
  });

  it('recognises blank content', () => {
    for (const blank of ['', '  ', '<p></p>', '<p><br></p>', '<p><br /></p>', '<p>&nbsp;</p>', '<h1> </h1>']) expect(isBlankHtml(blank), blank).toBe(true);
    for (const shown of ['<p>x</p>', '<p><img src="/a.png" /></p>']) expect(isBlankHtml(shown), shown).toBe(false);
  });
});

describe('sanitising on save', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('stores the cleaned product description, keeping Quill formatting', async () => {
    const response = await t.asAdmin({
      method: 'POST',
      url: '/api/products',
      payload: {
        slug: 'clean',
        title: 'Clean',
        duration: '1 hour',
        mainImage: '/uploads/c.jpg',
        buyLink: 'https://shop.example.com',
        introVideo: '/uploads/intro.mp4',
        description:
          '<h2 class="ql-align-center">Title</h2><p><span class="ql-size-large" style="color: rgb(0, 102, 204);">Big</span>' +
          '<script>document.cookie</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a></p>' +
          '<ol><li data-list="bullet">point</li></ol>',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const stored = (await t.app.inject({ method: 'GET', url: '/api/products/slug/clean' })).json().data.description as string;
    expect(stored).toBe(
      '<h2 class="ql-align-center">Title</h2><p><span class="ql-size-large" style="color:rgb(0, 102, 204)">Big</span>' +
        '<img src="x" /><a>bad</a></p><ol><li data-list="bullet">point</li></ol>',
    );
  });

  it('stores the cleaned about content', async () => {
    const response = await t.asAdmin({
      method: 'PUT',
      url: '/api/about',
      payload: { heroConfig: {}, content: '<p>Hi<img src="/uploads/me.jpg" onerror="alert(1)"></p><a href="javascript:void(0)" onclick="x()">x</a>' },
    });
    expect(response.statusCode).toBe(200);
    const about = (await t.app.inject({ method: 'GET', url: '/api/about' })).json().data;
    expect(about.content).toBe('<p>Hi<img src="/uploads/me.jpg" /></p><a>x</a>');
  });
});
