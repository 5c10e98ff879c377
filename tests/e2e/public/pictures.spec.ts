import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminToken, createCategory, createProduct, expectAfterWrite, serveTestMedia, unique, waitForHydration } from './support';

/**
 * A picture's placeholder colour (the library's dominant colour, painted behind it while it loads)
 * must never show once it is there: not through a see-through picture, not around a picture that
 * does not fill its box (issue 24). Real uploads, so the server's variant job decides the colour.
 */

type Uploaded = { id: string; url: string };

async function upload(request: APIRequestContext, name: string, buffer: Buffer, mimeType: string): Promise<Uploaded> {
  const token = await adminToken(request);
  const response = await request.post('/api/upload/image', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { image: { name, mimeType, buffer } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { id, url } = (await response.json()).data as Uploaded;
  // The placeholder colour is decided with the renditions, in the background.
  await expect
    .poll(async () => (await request.get(`/api/media/${id}`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json())).data.variantsStatus, {
      timeout: 60_000,
    })
    .toBe('done');
  return { id, url };
}

const placeholderOf = async (request: APIRequestContext, id: string) =>
  (await request.get(`/api/media/${id}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` } }).then((r) => r.json())).data.placeholder as string;

/** A dark red block in the middle of a see-through canvas: a logo. */
const seeThroughLogo = () =>
  sharp({ create: { width: 640, height: 360, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 160, height: 90, channels: 4, background: { r: 180, g: 20, b: 40, alpha: 1 } } }, left: 240, top: 135 }])
    .png()
    .toBuffer();

/** An opaque picture of one strong colour, so its placeholder is that colour. */
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 60 } } })
    .png()
    .toBuffer();

type Pixels = { at: (x: number, y: number) => [number, number, number]; width: number; height: number };
async function pixelsOf(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x, y) => {
      const i = (Math.round(y) * info.width + Math.round(x)) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

async function openPage(browser: Browser, url: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  if (javaScriptEnabled) await waitForHydration(page);
  return page;
}

test('a see-through picture on a white hero shows white around it, with and without JavaScript', async ({ browser, request }) => {
  const logo = await upload(request, `${unique('logo')}.png`, await seeThroughLogo(), 'image/png');
  expect(await placeholderOf(request, logo.id)).toBe('');
  const category = await createCategory(request, { heroConfig: { heroImage: logo.url, backgroundColor: '#ffffff', textColor: '#0f172a' } });

  for (const javaScriptEnabled of [false, true]) {
    const page = await openPage(browser, `/category/${category.slug}`, javaScriptEnabled);
    const image = page.locator('section.hero .hero__image');
    await expect(image).toHaveJSProperty('complete', true);
    // Only the picture on the hero's own colour: the text and the bottom shade are not what is checked.
    // (Not addStyleTag: it waits for a load event that a page without JavaScript never sends.)
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = '.hero__content, .hero__scrim { visibility: hidden; }';
      document.head.append(style);
    });
    const shot = await pixelsOf(await page.locator('section.hero').screenshot());
    const { width: w, height: h } = shot;
    // Around the logo: corners, edges and a ring just outside the block (which covers ~25 % × 25 % of the middle).
    const around = [
      [8, 8], [w - 8, 8], [8, h - 8], [w - 8, h - 8],
      [w / 2, 8], [w / 2, h - 8], [8, h / 2], [w - 8, h / 2],
      [w * 0.3, h / 2], [w * 0.7, h / 2], [w / 2, h * 0.2], [w / 2, h * 0.8],
    ] as const;
    for (const [x, y] of around) {
      const [r, g, b] = shot.at(x, y);
      expect(Math.min(r, g, b), `pixel at ${Math.round(x)},${Math.round(y)} (JavaScript ${javaScriptEnabled ? 'on' : 'off'}): ${r},${g},${b}`).toBeGreaterThanOrEqual(250);
    }
    // And the logo itself is there.
    const [r, g, b] = shot.at(w / 2, h / 2);
    expect(r).toBeGreaterThan(150);
    expect(Math.max(g, b)).toBeLessThan(70);
    await page.context().close();
  }
});

test('an opaque picture loses its placeholder colour once loaded; the gallery viewer paints none', async ({ browser, request }) => {
  const portrait = await upload(request, `${unique('portrait')}.png`, await solid(360, 640), 'image/png');
  expect(await placeholderOf(request, portrait.id)).toMatch(/^#[0-9a-f]{6}$/);
  const product = await createProduct(request, { mainImage: portrait.url, gallery: [{ url: portrait.url, order: 0 }] });

  // Without JavaScript the colour stays behind the picture (it fills its tile: nothing shows).
  const still = await openPage(browser, `/product/${product.slug}`, false);
  const tile = still.locator('.gallery__tile img');
  await expect(tile).toHaveJSProperty('complete', true);
  expect(await tile.evaluate((img: HTMLImageElement) => img.style.backgroundColor)).not.toBe('');
  await still.context().close();

  const page = await openPage(browser, `/product/${product.slug}`, true);
  const image = page.locator('.gallery__tile img');
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveJSProperty('complete', true);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.style.backgroundColor)).toBe('');

  // The viewer shows the portrait whole on a wide screen: the bands beside it are the viewer's own dark.
  await page.locator('.gallery__link').click();
  const viewerImage = page.locator('.gallery-viewer__image');
  await expect(viewerImage).toHaveJSProperty('complete', true);
  expect(await viewerImage.evaluate((img: HTMLImageElement) => img.style.backgroundColor)).toBe('');
  const box = (await viewerImage.boundingBox())!;
  const shot = await pixelsOf(await page.screenshot());
  // Inside the image's box but left of the contained picture: the letterbox.
  for (const x of [box.x + 4, box.x + box.width * 0.15, box.x + box.width - 4]) {
    const [r, g, b] = shot.at(x, box.y + box.height / 2);
    expect(Math.max(r, g, b) - Math.min(r, g, b), `letterbox at ${Math.round(x)}: ${r},${g},${b}`).toBeLessThan(12);
  }
  await page.context().close();
});

test('a card\'s picture of another shape fills the card\'s 16:9 box: the card neither grows nor moves the page when it loads', async ({ page, request }) => {
  await serveTestMedia(page);
  const category = await createCategory(request);
  // The test media host answers the cover with a square 1×1 picture.
  const product = await createProduct(request, { categories: [category.id] });
  await expectAfterWrite(page, `/category/${category.slug}`, () => expect(page.getByRole('link', { name: product.title }).first()).toBeVisible({ timeout: 1000 }));
  const picture = page.locator('.product-card__media img').first();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === img.naturalHeight)).toBe(true);
  const box = await page.locator('.product-card__media').first().boundingBox();
  expect(box).not.toBeNull();
  expect(Math.abs(box!.height - (box!.width * 9) / 16)).toBeLessThan(1);
});
