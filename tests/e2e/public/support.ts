import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../../playwright.config';
import { aCategory, aProduct, aTag } from '../../helpers/factories';
import type { Category, CategoryInput, HeroConfigInput, Product, ProductInput, Tag, Theme } from '../../../src/shared/schemas';

/**
 * Helpers for the public-site specs. The admin specs change content on the
 * same server at the same time, so each spec creates what it checks (unique
 * slugs) and reads everything else from the API instead of assuming demo counts.
 */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
export const VIDEO = { intro: fixture('intro.webm'), loop: fixture('loop.webm'), clip: fixture('clip.mp4') };

/** Media for test content lives on a made-up host that each test answers with page.route. */
export const MEDIA_HOST = 'https://media.e2e.test';

let cachedToken: string | undefined;
export async function adminToken(request: APIRequestContext): Promise<string> {
  if (cachedToken) return cachedToken;
  const response = await request.post('/api/auth/login', { data: { password: E2E_ADMIN_PASSWORD, remember: true } });
  expect(response.status(), await response.text()).toBe(200);
  cachedToken = (await response.json()).data.token as string;
  return cachedToken;
}

export async function send<T>(request: APIRequestContext, method: 'post' | 'put', url: string, data: unknown): Promise<T> {
  const token = await adminToken(request);
  const response = await request[method](url, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()).data as T;
}

export async function getData<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `GET ${url}`).toBe(true);
  return (await response.json()).data as T;
}

export const createTag = (request: APIRequestContext, title: string) => send<Tag>(request, 'post', '/api/tags', aTag({ title }));

export function createCategory(request: APIRequestContext, input: Partial<CategoryInput> & { heroConfig?: HeroConfigInput } = {}) {
  const slug = input.slug ?? unique('e2e-category');
  // Slugs unique across runs and workers (the servers' data outlive a test); images from the test media host.
  return send<Category>(request, 'post', '/api/categories', aCategory({ slug, title: `Category ${slug}`, description: `Description of ${slug}`, tileImage: `${MEDIA_HOST}/tile.png`, itemsPerRow: 2, ...input }));
}

export function createProduct(request: APIRequestContext, input: Partial<ProductInput> = {}) {
  const slug = input.slug ?? unique('e2e-product');
  return send<Product>(request, 'post', '/api/products', aProduct({ slug, mainImage: `${MEDIA_HOST}/cover.png`, buyLink: 'https://shop.e2e.test/buy', description: '<p>About this product.</p>', ...input }));
}

export const saveTheme = (request: APIRequestContext, theme: Theme) => send<Theme>(request, 'put', '/api/theme', theme);

/** A 1×1 PNG for every made-up image, and the fixture videos by name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * A picture with enough detail to count as a page's largest paint: browsers skip near-empty ones
 * like the 1×1 PNG. Pages start their scripts once their hero is that paint (decision 048). Its
 * natural size counts too: a page's heading must not outweigh it on a wide screen.
 */
export const detailedPicture = () => sharp(randomBytes(960 * 540 * 3), { raw: { width: 960, height: 540, channels: 3 } }).jpeg({ quality: 40 }).toBuffer();
let heroPicture: Promise<Buffer> | undefined;
export async function serveTestMedia(page: Page): Promise<void> {
  await page.route(`${MEDIA_HOST}/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === 'hero.png') return route.fulfill({ body: await (heroPicture ??= detailedPicture()), contentType: 'image/jpeg' });
    if (name.endsWith('.png')) return route.fulfill({ body: PNG, contentType: 'image/png' });
    if (name === 'intro.webm') return route.fulfill({ body: VIDEO.intro, contentType: 'video/webm' });
    if (name === 'loop.webm') return route.fulfill({ body: VIDEO.loop, contentType: 'video/webm' });
    if (name === 'clip.mp4') return route.fulfill({ body: VIDEO.clip, contentType: 'video/mp4' });
    return route.fulfill({ status: 404, body: '' });
  });
  // The embedded player is not part of what we test, and the machine may be offline.
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ body: '<html><body>player</body></html>', contentType: 'text/html' }));
}

/** Console errors and page errors of a page (hydration mismatches are reported there). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/**
 * Loads a page whose content the admin specs may be changing at the same
 * moment, and checks it against the API read just before and after the load
 * (retried until both reads agree, so the page saw that same state).
 */
export async function expectPageMatchesApi<T>(page: Page, request: APIRequestContext, path: string, apiPath: string, check: (data: T) => Promise<void>): Promise<void> {
  await expect(async () => {
    const before = await getData<T>(request, apiPath);
    await page.goto(path);
    await waitForHydration(page);
    const after = await getData<T>(request, apiPath);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    await check(after);
  }).toPass({ timeout: 25_000 });
}

/**
 * Loads a page right after the test's own write and checks it, loading again
 * until the check passes: the first visit after a write may still get the
 * previous page while the fresh one renders (stale-while-revalidate, decision 008).
 */
export async function expectAfterWrite(page: Page, path: string, check: () => Promise<void>, options: { hydrate?: boolean } = {}): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    if (options.hydrate !== false) await waitForHydration(page);
    await check();
  }).toPass({ timeout: 25_000 });
}

/**
 * The phone's menu toggle: the summary of a `<details>` (it works before the page's script and
 * without it), which Playwright gives no role; its state is the details' `open`.
 */
export const menuToggle = (page: Page) => page.locator('.site-header summary.menu-toggle__button');
export const menuDetails = (page: Page) => page.locator('.site-header details.menu-toggle');

/** Follows a header link: in the row, or in the "More" menu the links that don't fit move to. */
export async function openNavLink(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const inRow = nav.locator('.site-nav__list').getByRole('link', { name, exact: true });
  if (await inRow.count()) return inRow.click();
  await nav.locator('.site-nav__more > summary').click();
  await nav.locator('.site-nav__more-list').getByRole('link', { name, exact: true }).click();
}
