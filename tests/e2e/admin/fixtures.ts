import sharp from 'sharp';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../../playwright.config';
import type { Category, CategoryInput, Product, ProductInput } from '../../../src/shared/schemas';

/**
 * Helpers for the admin specs. The public specs run on the same server at the
 * same time, so every test creates (and cleans up) its own items with unique
 * names and never deletes or reshuffles the demo content.
 */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e5).toString(36)}`;

export async function loginToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { password: E2E_ADMIN_PASSWORD, remember: true } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.token as string;
}

/** A real PNG of the given colour. */
export const png = (r: number, g: number, b: number, width = 64, height = 36) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();

export const pngFile = async (name: string, rgb: [number, number, number] = [200, 80, 40]) => ({
  name,
  mimeType: 'image/png',
  buffer: await png(...rgb),
});

/**
 * Fills a picture field as an owner does (issue 24: media fields take files, not addresses):
 * uploads a real PNG and waits until the field shows it.
 */
export async function uploadPicture(scope: Locator, label: string, rgb: [number, number, number] = [60, 120, 180]) {
  await scope.getByLabel(label, { exact: true }).setInputFiles(await pngFile(`${label.toLowerCase().replace(/\W+/g, '-')}.png`, rgb));
  await expect(scope.getByRole('img', { name: `${label} preview` })).toHaveAttribute('src', /^\/uploads\//);
}

/** A thin client for set-up and clean-up through the real API. */
export function adminApi(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const call = async <T>(method: 'get' | 'post' | 'put' | 'delete', url: string, data?: unknown): Promise<T> => {
    const response = await request[method](url, { headers, data });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return (await response.json()).data as T;
  };
  return {
    get: <T>(url: string) => call<T>('get', url),
    put: <T>(url: string, data: unknown) => call<T>('put', url, data),
    createCategory: (input: CategoryInput) => call<Category>('post', '/api/categories', input),
    createProduct: (input: ProductInput) => call<Product>('post', '/api/products', input),
    /**
     * Many products in one request and one transaction, in the given order, through the catalogue import
     * (decision 069): for a set-up that needs a long list, not a test of creating one product.
     */
    importProducts: async (inputs: ProductInput[]): Promise<ImportedProduct[]> => {
      const document = { products: inputs.map(importedProduct) };
      const file = { name: 'catalogue.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(document)) };
      const response = await request.post('/api/import?dryRun=false&details=true', { headers, multipart: { file } });
      expect(response.ok(), `import: ${await response.text()}`).toBe(true);
      const report = (await response.json()).data as { created: number; products: ImportedProduct[] };
      expect(report.created, 'every product in the file is new').toBe(inputs.length);
      return report.products;
    },
    /** Clean-up: already-deleted items are fine. */
    remove: async (url: string) => {
      await request.delete(url, { headers });
    },
  };
}

/** A product the import created: what its report names. */
export type ImportedProduct = { id: string; slug: string; title: string };

/** A product as the catalogue's JSON document carries it (export.service.ts writes the same shape). */
const importedProduct = (input: ProductInput) => ({
  slug: input.slug,
  title: input.title,
  description: input.description,
  duration: input.duration,
  mainImage: input.mainImage,
  editions: [{ name: '', buyLink: input.buyLink }],
});

export const categoryInput = (title: string): CategoryInput => ({
  title,
  slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
  description: `${title} description`,
  tileImage: '/favicon.ico',
  itemsPerRow: 2,
});

export const productInput = (title: string): ProductInput => ({
  title,
  slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
  duration: '1 hour - 3 lessons',
  mainImage: '/favicon.ico',
  buyLink: 'https://example.com/buy',
  description: `<p>${title} description</p>`,
  introVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
});

/** Answers one API call with a failure, leaving every other call to the real server. */
export async function failApi(page: Page, pattern: string, method: string, status = 500, error = 'Simulated failure') {
  await page.route(pattern, (route) =>
    route.request().method() === method
      ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ success: false, error }) })
      : route.fallback(),
  );
}

export async function abortApi(page: Page, pattern: string, method: string) {
  await page.route(pattern, (route) => (route.request().method() === method ? route.abort('failed') : route.fallback()));
}

/** The next window.alert / confirm text, accepted. */
export function nextDialogMessage(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

type Fixtures = { token: string; api: ReturnType<typeof adminApi>; adminPage: Page };

/** `adminPage` starts signed in (a remembered token placed before the first load). */
export const test = base.extend<Fixtures>({
  token: async ({ request }, provide) => {
    await provide(await loginToken(request));
  },
  api: async ({ request, token }, provide) => {
    await provide(adminApi(request, token));
  },
  adminPage: async ({ page, token }, provide) => {
    await page.addInitScript((value) => {
      if (window.sessionStorage.getItem('e2e-signed-in')) return;
      window.sessionStorage.setItem('e2e-signed-in', '1');
      window.localStorage.setItem('admin-token', value);
      window.localStorage.setItem('admin-auth', 'true');
    }, token);
    await provide(page);
  },
});

export { expect };

/**
 * Moves a sortable item with dnd-kit's keyboard sensor: Space lifts, arrows
 * move, Space drops. The pauses let the sensor measure between key presses.
 */
export async function keyboardMove(page: Page, handleName: string, key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight', steps = 1) {
  const handle = page.getByRole('button', { name: handleName, exact: true });
  // Space picks the row up once the list's keyboard sensor is listening, which
  // can trail the first paint: press again until the handle says it is held.
  await expect(async () => {
    await handle.focus();
    if ((await handle.getAttribute('aria-pressed')) !== 'true') await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.waitForTimeout(150);
  for (let step = 0; step < steps; step += 1) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
  await page.keyboard.press('Space');
}

/** Opens an admin path and waits for the shell. */
export async function openAdmin(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
}

/** An Update stays in the editor and says so (issue 24): "Saved at 14:20" in the save bar. */
export async function expectSavedInEditor(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Saved at / })).toBeVisible();
}

/** The sidebar's link to a list (no unsaved changes: nothing asks first). */
export async function openFromSidebar(page: Page, name: 'Products' | 'Categories') {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true }).click();
}
