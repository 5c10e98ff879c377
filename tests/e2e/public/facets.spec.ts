import { expect, test } from '@playwright/test';
import { adminToken, collectErrors, createCategory, createProduct, expectAfterWrite, send, serveTestMedia, unique } from './support';

type Attribute = { id: string; slug: string };

// Facets of issue 28 (decision 072): a GET form that works without JavaScript, in a shareable address.
test.describe('category facets', () => {
  let slug: string;
  let level: string;
  let files: string;
  const made: Attribute[] = [];

  test.beforeAll(async ({ request }) => {
    level = unique('level');
    files = unique('files');
    made.push(await send<Attribute>(request, 'post', '/api/attributes', { name: 'Level', slug: level, type: 'choice', values: ['Beginner', 'Advanced'], filter: true }));
    made.push(await send<Attribute>(request, 'post', '/api/attributes', { name: 'Project files', slug: files, type: 'boolean', filter: true }));
    const category = await createCategory(request);
    slug = category.slug;
    const products = [
      ['Beginner with files', { [level]: 'Beginner', [files]: true }],
      ['Beginner without files', { [level]: 'Beginner', [files]: false }],
      ['Advanced with files', { [level]: 'Advanced', [files]: true }],
    ] as const;
    for (const [title, attributes] of products) await createProduct(request, { title, categories: [category.id], attributes });
  });

  // The other public tests share this server: their pages are as before.
  test.afterAll(async ({ request }) => {
    const token = await adminToken(request);
    for (const attribute of made) await request.delete(`/api/attributes/${attribute.id}`, { headers: { Authorization: `Bearer ${token}` } });
  });

  test('filters a category by two facets without JavaScript, and the shared address shows the same', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await serveTestMedia(page);
    await page.goto(`/category/${slug}`);
    const cards = page.locator('.product-grid .product-card__title');
    await expect(cards).toHaveCount(3);
    const form = page.getByRole('form', { name: 'Filter and sort' });
    await expect(form.getByRole('group', { name: 'Level' })).toContainText('Beginner (2)');
    await form.getByRole('group', { name: 'Level' }).getByLabel(/Beginner/).check();
    await form.getByRole('group', { name: 'Project files' }).getByLabel(/Yes/).check();
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${slug}\\?.*${level}=beginner`));
    await expect(cards).toHaveText(['Beginner with files']);
    // The counts follow the other choice: with files, one beginner and one advanced course.
    await expect(form.getByRole('group', { name: 'Level' })).toContainText('Advanced (1)');
    const shared = page.url();
    await context.close();

    const other = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await other.newPage();
    await serveTestMedia(visitor);
    await visitor.goto(shared);
    await expect(visitor.locator('.product-grid .product-card__title')).toHaveText(['Beginner with files']);
    await expect(visitor.getByRole('group', { name: 'Level' }).getByLabel(/Beginner/)).toBeChecked();
    // The normal form of the same choice is the same page.
    await visitor.goto(`/category/${slug}?${files}=true&${level}=beginner`);
    await expect(visitor.locator('.product-grid .product-card__title')).toHaveText(['Beginner with files']);
    await other.close();
  });

  // Decision 077: the search page offers the same facets (counted over its matches) and the sorts.
  test('narrows and sorts a search without JavaScript, and the shared address shows the same', async ({ browser, request }) => {
    // A word no other test's product holds (letters only: a search word).
    const word = `zq${Math.random().toString(36).slice(2, 10).replace(/[^a-z]/g, 'x')}`;
    const edition = (price: number) => [{ name: 'Course', price, currency: 'USD', availability: 'available' as const, buyLink: 'https://shop.e2e.test/buy' }];
    await createProduct(request, { title: `Cheap ${word}`, attributes: { [level]: 'Beginner' }, editions: edition(10) });
    await createProduct(request, { title: `Dear ${word}`, attributes: { [level]: 'Beginner' }, editions: edition(90) });
    await createProduct(request, { title: `Hard ${word}`, attributes: { [level]: 'Advanced' }, editions: edition(50) });

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await serveTestMedia(page);
    const results = page.locator('.search-results .search-result__title');
    await expectAfterWrite(page, `/search?q=${word}`, async () => expect(results).toHaveCount(3), { hydrate: false });
    const form = page.getByRole('form', { name: 'Filter and sort' });
    await expect(form.getByRole('group', { name: 'Level' })).toContainText('Beginner (2)');
    await form.getByRole('group', { name: 'Level' }).getByLabel(/Beginner/).check();
    await form.getByLabel('Sort by').selectOption('price-desc');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}.*${level}=beginner.*sort=price-desc`));
    await expect(results).toHaveText([`Dear ${word}`, `Cheap ${word}`]);
    // The level's counts stay over the matches: choosing Advanced instead would show one.
    await expect(form.getByRole('group', { name: 'Level' })).toContainText('Advanced (1)');
    const shared = page.url();
    await context.close();

    const other = await browser.newContext();
    const visitor = await other.newPage();
    await serveTestMedia(visitor);
    await visitor.goto(shared);
    await expect(visitor.locator('.search-results .search-result__title')).toHaveText([`Dear ${word}`, `Cheap ${word}`]);
    await expect(visitor.getByRole('group', { name: 'Level' }).getByLabel(/Beginner/)).toBeChecked();
    await expect(visitor.getByLabel('Sort by')).toHaveValue('price-desc');
    await other.close();
  });
});

// A range typed upside down (From above To): the server's page reads it as no range and shows the fields as
// typed; with JavaScript the choice is followed in place, and must give that same page, never an error.
test.describe('a number range with its minimum above its maximum', () => {
  let slug: string;
  let duration: Attribute;

  test.beforeAll(async ({ request }) => {
    duration = await send<Attribute>(request, 'post', '/api/attributes', { name: 'Duration', slug: unique('duration'), type: 'number', unit: 'min', filter: true });
    const category = await createCategory(request);
    slug = category.slug;
    for (const [title, minutes] of [['Short course', 60], ['Long course', 240]] as const) {
      await createProduct(request, { title, categories: [category.id], attributes: { [duration.slug]: minutes } });
    }
  });

  test.afterAll(async ({ request }) => {
    const token = await adminToken(request);
    await request.delete(`/api/attributes/${duration.id}`, { headers: { Authorization: `Bearer ${token}` } });
  });

  for (const javaScriptEnabled of [false, true]) {
    test(`is left out, the fields kept as typed (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await serveTestMedia(page);
      const cards = page.locator('.product-grid .product-card__title');
      await expectAfterWrite(page, `/category/${slug}`, async () => expect(cards).toHaveCount(2), { hydrate: javaScriptEnabled });
      const range = page.getByRole('form', { name: 'Filter and sort' }).getByRole('group', { name: 'Duration (min)' });
      await range.getByLabel('From').fill('200');
      await range.getByLabel('to').fill('100');
      // With JavaScript the choice is followed in place: the list's products come from the API.
      const listed = javaScriptEnabled ? page.waitForResponse((answer) => /\/api\/products\?/.test(answer.url()) && answer.ok()) : Promise.resolve(null);
      await range.getByLabel('to').press('Enter');
      await listed;
      // The form's own fields without JavaScript, the normal form with it: either way a shareable address.
      await expect(page).toHaveURL(new RegExp(`/category/${slug}\\?.*${duration.slug}(?:=200-100|-min=200)`));
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
      await expect(cards).toHaveText(['Short course', 'Long course']);
      await expect(range.getByLabel('From')).toHaveValue('200');
      await expect(range.getByLabel('to')).toHaveValue('100');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
