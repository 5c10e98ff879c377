import { abortApi, expect, openAdmin, png, test, unique } from './fixtures';
import { makeZip } from '../../helpers/zip';
import type { Product } from '../../../src/shared/schemas';

/** Issue 31: a file imported through the admin screen, checked first, then applied. */
const HEADER = 'slug,title,description,duration,categories,tags,edition,price,currency,compareAtPrice,saleEndsAt,availability,buyLink,mainImage,gallery,seoTitle,seoDescription\r\n';

test('imports a file through the admin screen: a dry run with its errors, then the import and a link to the products', async ({ adminPage: page, api }) => {
  const title = unique('Imported Course');
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const row = (price: string) => `${slug},${title},<p>From a spreadsheet</p>,2 hours,,,,${price},EUR,,,,https://shop.example.com/${slug},https://cdn.example.com/${slug}.jpg,,,\r\n`;
  try {
    await openAdmin(page, '/admin/products');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import & export' }).click();
    await expect(page.getByRole('heading', { name: 'Import & export' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Import' });

    await form.getByLabel('File (CSV or JSON)').setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(HEADER + row('twelve')) });
    await form.getByRole('button', { name: 'Check file' }).click();
    const report = page.getByRole('region', { name: 'Import report' });
    await expect(report.getByRole('status')).toHaveText('Would be: 0 created, 0 updated, 0 unchanged');
    await expect(report.getByText('Detected format: Showcase CSV/JSON')).toBeVisible();
    const errors = report.getByRole('table', { name: 'Errors' });
    await expect(errors.getByRole('row', { name: '2 price not a number' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Apply import' })).toBeDisabled();

    await form.getByLabel('File (CSV or JSON)').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(HEADER + row('12.50')) });
    await form.getByRole('button', { name: 'Check file' }).click();
    await expect(report.getByRole('status')).toHaveText('Would be: 1 created, 0 updated, 0 unchanged');
    expect((await api.get<Product[]>('/api/products')).some((product) => product.slug === slug)).toBe(false);

    await form.getByRole('button', { name: 'Apply import' }).click();
    await expect(report.getByRole('status')).toHaveText('1 created, 0 updated, 0 unchanged');
    await expect(form.getByRole('button', { name: 'Apply import' })).toBeDisabled();
    const created = (await api.get<Product[]>('/api/products')).find((product) => product.slug === slug);
    expect(created).toMatchObject({ title, price: 12.5, currency: 'EUR', buyLink: `https://shop.example.com/${slug}` });
    await report.getByRole('link', { name: 'See the products' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
  } finally {
    const left = (await api.get<Product[]>('/api/products')).find((product) => product.slug === slug);
    if (left) await api.remove(`/api/products/${left.id}`);
  }
});

test('imports a file with its images in a zip and its editions', async ({ adminPage: page, api }) => {
  const title = unique('Zipped Course');
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const cover = `${slug}-cover.png`;
  const file = [
    HEADER,
    `${slug},${title},<p>With its pictures</p>,2 hours,,,Video course,12.50,EUR,,,,https://shop.example.com/${slug}/video,${cover},,,\r\n`,
    `,,,,,,Team licence,99,EUR,,,preorder,https://shop.example.com/${slug}/team,,,,\r\n`,
  ].join('');
  const zip = makeZip([{ name: `images/${cover}`, data: await png(30, 160, 90) }]);
  try {
    await openAdmin(page, '/admin/import-export');
    const form = page.getByRole('form', { name: 'Import' });
    await form.getByLabel('File (CSV or JSON)').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await form.getByLabel('Images (zip, optional)').setInputFiles({ name: 'images.zip', mimeType: 'application/zip', buffer: zip });
    await form.getByRole('button', { name: 'Check file' }).click();
    const report = page.getByRole('region', { name: 'Import report' });
    await expect(report.getByRole('status')).toHaveText('Would be: 1 created, 0 updated, 0 unchanged');
    await form.getByRole('button', { name: 'Apply import' }).click();
    await expect(report.getByRole('status')).toHaveText('1 created, 0 updated, 0 unchanged');
    const created = (await api.get<Product[]>('/api/products')).find((product) => product.slug === slug);
    expect(created?.mainImage).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(created?.editions.map((edition) => [edition.name, edition.price, edition.availability])).toEqual([
      ['Video course', 12.5, 'available'],
      ['Team licence', 99, 'preorder'],
    ]);
    expect((await page.request.get(created!.mainImage)).headers()['content-type']).toBe('image/png');
  } finally {
    const left = (await api.get<Product[]>('/api/products')).find((product) => product.slug === slug);
    if (left) await api.remove(`/api/products/${left.id}`);
  }
});

test('maps a column the format does not read to an attribute, and reports the editions', async ({ adminPage: page, api }) => {
  const title = unique('Mapped Course');
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const column = unique('Language');
  const attributeSlug = column.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const file = [
    `slug,title,description,duration,edition,price,currency,buyLink,mainImage,${column}\r\n`,
    `${slug},${title},<p>Mapped</p>,1 hour,Video course,12,EUR,https://shop.example.com/${slug},https://cdn.example.com/${slug}.jpg,French\r\n`,
    `,,,,Team licence,40,EUR,https://shop.example.com/${slug}/team,,\r\n`,
  ].join('');
  try {
    await openAdmin(page, '/admin/import-export');
    const form = page.getByRole('form', { name: 'Import' });
    await form.getByLabel('File (CSV or JSON)').setInputFiles({ name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await form.getByLabel('Format').selectOption('showcase');
    await form.getByRole('button', { name: 'Check file' }).click();
    const report = page.getByRole('region', { name: 'Import report' });
    await expect(report.getByRole('status')).toHaveText('Would be: 1 created, 0 updated, 0 unchanged');
    const mapping = form.getByRole('table', { name: 'Column mapping' });
    await expect(mapping.getByRole('rowheader', { name: column })).toBeVisible();

    // A changed mapping is checked again before it can be applied.
    await mapping.getByLabel(`Read column ${column} as`).selectOption(`attribute:${column}`);
    await expect(form.getByRole('button', { name: 'Apply import' })).toBeDisabled();
    await form.getByRole('button', { name: 'Check file' }).click();
    await expect(report.getByText('Attributes: 1 created, 0 given new values')).toBeVisible();
    await expect(report.getByText('Editions: 2 created, 0 updated, 0 removed')).toBeVisible();

    await form.getByRole('button', { name: 'Apply import' }).click();
    await expect(report.getByRole('status')).toHaveText('1 created, 0 updated, 0 unchanged');
    await expect(report.getByRole('list', { name: 'Imported products' }).getByRole('link', { name: title })).toBeVisible();
    const created = (await api.get<Product[]>('/api/products')).find((product) => product.slug === slug);
    expect(created?.attributes).toEqual({ [attributeSlug]: 'French' });
    expect(created?.editions.map((edition) => edition.name)).toEqual(['Video course', 'Team licence']);
  } finally {
    const left = (await api.get<Product[]>('/api/products')).find((product) => product.slug === slug);
    if (left) await api.remove(`/api/products/${left.id}`);
    const attribute = (await api.get<Array<{ id: string; slug: string }>>('/api/attributes')).find((item) => item.slug === attributeSlug);
    if (attribute) await api.remove(`/api/attributes/${attribute.id}`);
  }
});

test('shows the progress of a large file: the bytes sent, then the products checked; a lost connection says what it means', async ({ adminPage: page }) => {
  // 500 products with long descriptions (about 1.3 MB), checked only: a dry run changes nothing.
  const PRODUCTS = 500;
  const run = unique('progress').replace(/\W+/g, '-');
  const padding = 'A course about drawing one careful line after another. '.repeat(45);
  const rows = Array.from({ length: PRODUCTS }, (_, i) => `${run}-${i},Progress course ${i},<p>${padding}</p>,1 hour,,,,10,EUR,,,,https://shop.example.com/${run}-${i},https://cdn.example.com/${run}-${i}.jpg,,,\r\n`);
  const file = Buffer.from(HEADER + rows.join(''));
  await openAdmin(page, '/admin/import-export');
  // A slower upload (about 2 MB/s), so its progress is seen: on loopback it would be over in a moment.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 2_000_000 });
  // Every text the progress region shows, as the page draws it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressTexts: string[] }).progressTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[aria-label="Import progress"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const form = page.getByRole('form', { name: 'Import' });
  await form.getByLabel('File (CSV or JSON)').setInputFiles({ name: 'large.csv', mimeType: 'text/csv', buffer: file });
  await form.getByRole('button', { name: 'Check file' }).click();
  const progress = page.getByRole('region', { name: 'Import progress' });
  await expect(progress.getByRole('progressbar', { name: 'Checking the file' })).toBeVisible();
  // The rest of the screen stays usable meanwhile.
  await expect(page.getByRole('button', { name: 'Download products (CSV)' })).toBeEnabled();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report.getByRole('status')).toHaveText(`Would be: ${PRODUCTS} created, 0 updated, 0 unchanged`, { timeout: 14_000 });
  await expect(progress).toHaveCount(0);
  const texts = await page.evaluate(() => (window as unknown as { progressTexts: string[] }).progressTexts);
  const sent = texts.map((text) => /Sending the file: ([\d.]+) MB of ([\d.]+) MB/.exec(text)).filter((match) => match !== null);
  expect(sent.some((match) => Number(match[1]) < Number(match[2])), texts.join('\n')).toBe(true);
  const checked = texts.map((text) => /Checking product ([\d,]+) of 500/.exec(text)?.[1]).filter((done) => done !== undefined).map((done) => Number(done.replace(/,/g, '')));
  expect(checked.some((done) => done > 0 && done < PRODUCTS), texts.join('\n')).toBe(true);

  // The connection fails: the screen says what happened to the catalogue.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await abortApi(page, '**/api/import?*', 'POST');
  await form.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('alert')).toHaveText('The connection to the server was lost while the file was being sent: nothing was imported. Try again.');
});
