import { expect, test, type Page } from '@playwright/test';
import { MEDIA_HOST, collectErrors, createProduct, serveTestMedia, waitForHydration } from './support';

/** The product page that sells: gallery viewer, the phone's Buy bar, video controls, click-to-load players. */

test.beforeEach(async ({ page }) => {
  await serveTestMedia(page);
});

const galleryOf = (count: number) => Array.from({ length: count }, (_, order) => ({ url: `${MEDIA_HOST}/gallery-${order}.png`, order }));
const columns = (page: Page) => page.locator('ul.gallery').evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
const focusInside = (page: Page, selector: string) => page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, selector);

test('gallery: the grid fits the count', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [count, expected] of [[1, 1], [2, 2], [3, 3], [5, 4]] as const) {
    const product = await createProduct(request, { gallery: galleryOf(count) });
    await page.goto(`/product/${product.slug}`);
    await expect(page.locator('.gallery__tile')).toHaveCount(count);
    expect(await columns(page), `${count} images`).toBe(expected);
  }
});

test('gallery: the viewer opens full screen, moves with arrows and buttons, keeps focus, and Esc closes it', async ({ page, request }) => {
  const product = await createProduct(request, { gallery: galleryOf(5) });
  const errors = collectErrors(page);
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);

  const tiles = page.locator('.gallery__link');
  // Without JavaScript each tile is a link to the full image.
  await expect(tiles.nth(1)).toHaveAttribute('href', `${MEDIA_HOST}/gallery-1.png`);
  await tiles.nth(1).focus();
  await page.keyboard.press('Enter');

  const viewer = page.getByRole('dialog', { name: `${product.title}: gallery` });
  await expect(viewer).toBeVisible();
  const box = await viewer.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  const counter = viewer.locator('.gallery-viewer__counter');
  await expect(counter).toHaveText('2 / 5');
  await expect(viewer.getByRole('img')).toHaveAttribute('alt', `${product.title}: gallery image 2`);
  await expect(viewer.getByRole('img')).toHaveAttribute('src', `${MEDIA_HOST}/gallery-1.png`);
  await expect(viewer.getByRole('button', { name: 'Close gallery' })).toBeFocused();

  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('3 / 5');
  await expect(viewer.getByRole('img')).toHaveAttribute('alt', `${product.title}: gallery image 3`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  // Round from the first to the last.
  await expect(counter).toHaveText('5 / 5');
  await viewer.getByRole('button', { name: 'Next image' }).click();
  await expect(counter).toHaveText('1 / 5');
  await viewer.getByRole('button', { name: 'Previous image' }).click();
  await expect(counter).toHaveText('5 / 5');

  // Focus stays in the viewer: the page behind is out of reach.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    const inside = await focusInside(page, 'dialog.gallery-viewer');
    const onPage = await page.evaluate(() => document.activeElement !== document.body && !document.activeElement?.closest('dialog'));
    expect(onPage, `Tab ${i + 1} left the viewer`).toBe(false);
    if (!inside) break; // Tab may go to the browser's own controls, never to the page.
  }

  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  // Back on the tile that opened it.
  await expect(tiles.nth(1)).toBeFocused();

  // A click opens it at that image too.
  await tiles.nth(3).click();
  await expect(counter).toHaveText('4 / 5');
  await viewer.getByRole('button', { name: 'Close gallery' }).click();
  await expect(viewer).toHaveCount(0);
  await expect(tiles.nth(3)).toBeFocused();
  expect(errors).toEqual([]);
});

test('gallery: a swipe on a touch screen moves through the viewer', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await serveTestMedia(page);
  const product = await createProduct(context.request, { gallery: galleryOf(3) });
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  await page.locator('.gallery__link').first().tap();
  const counter = page.locator('.gallery-viewer__counter');
  await expect(counter).toHaveText('1 / 3');

  // Real touch input through the browser's protocol: finger down, across, up.
  const cdp = await context.newCDPSession(page);
  const swipe = async (fromX: number, toX: number) => {
    const y = 400;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
    for (let step = 1; step <= 5; step += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * step) / 5, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  await swipe(320, 80);
  await expect(counter).toHaveText('2 / 3');
  await swipe(320, 80);
  await expect(counter).toHaveText('3 / 3');
  await swipe(80, 320);
  await expect(counter).toHaveText('2 / 3');
  // A short wobble is not a swipe.
  await swipe(200, 190);
  await expect(counter).toHaveText('2 / 3');
  await context.close();
});

test('gallery: without JavaScript a tile opens the full image', async ({ browser, baseURL, request }) => {
  const product = await createProduct(request, { gallery: galleryOf(2) });
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await serveTestMedia(page);
  await page.goto(`/product/${product.slug}`);
  await page.locator('.gallery__link').nth(1).click();
  await expect(page).toHaveURL(`${MEDIA_HOST}/gallery-1.png`);
  await context.close();
});

test('price and Buy Now: beside the title on a wide screen, one bar pinned to the bottom on a phone', async ({ page, request }) => {
  const product = await createProduct(request, { price: 29.99, currency: 'usd', gallery: galleryOf(4), description: `<p>${'Long text. '.repeat(400)}</p>` });
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  const bar = page.locator('.buy-bar');
  await expect(bar.locator('.price')).toHaveText('$29.99');
  await expect(bar).toHaveCSS('position', 'static');
  await expect(bar.locator('.buy-bar__title')).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bar).toHaveCSS('position', 'fixed');
  await expect(bar.locator('.buy-bar__title')).toHaveText(product.title);
  await expect(bar.locator('.buy-bar__title')).toBeVisible();
  // One Buy Now for assistive technology and the keyboard: the bar is that link, not a copy.
  await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveCount(1);
  const buy = page.getByRole('link', { name: 'Buy Now' });
  for (const where of ['top', 'middle', 'bottom'] as const) {
    await page.evaluate((w) => window.scrollTo(0, w === 'top' ? 0 : w === 'middle' ? document.body.scrollHeight / 2 : document.body.scrollHeight), where);
    await expect(buy).toBeInViewport();
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height), `bar at the bottom (${where})`).toBe(844);
    expect(box.width).toBe(390);
  }
  await expect(buy).toHaveAttribute('href', product.buyLink);
  // The last of the page (the footer) can still be scrolled clear of the bar.
  const footer = (await page.locator('.site-footer').boundingBox())!;
  const barTop = (await bar.boundingBox())!.y;
  const footerText = await page.locator('.site-footer').evaluate((footerElement) => {
    const range = document.createRange();
    range.selectNodeContents(footerElement);
    return range.getBoundingClientRect().bottom;
  });
  expect(footer.y).toBeLessThan(barTop);
  expect(footerText).toBeLessThanOrEqual(barTop + 1);
  expect(errors).toEqual([]);
});

test('uploaded video: nothing is downloaded before play; the browser controls appear after the first play', async ({ page, request }) => {
  const product = await createProduct(request, { introVideo: `${MEDIA_HOST}/clip.mp4` });
  const videoRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/clip.mp4')) videoRequests.push(r.url());
  });
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  const video = page.locator('video.intro-video__file');
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).not.toHaveAttribute('controls');
  expect(videoRequests).toEqual([]);

  await page.getByRole('button', { name: `Play ${product.title} intro video` }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  await expect(video).toHaveAttribute('controls');
  expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(true);
  // The controls take over from the play button; focus moved to the video.
  await expect(page.getByRole('button', { name: `Play ${product.title} intro video` })).toHaveCount(0);
  await expect(video).toBeFocused();
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expect(video).toHaveAttribute('controls');
});

test('video sites: a still and a play button; the player is created only on click', async ({ page, request }) => {
  const youtube = await createProduct(request, { introVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  const frames: string[] = [];
  const beforePlay: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && /youtube|vimeo/.test(r.url())) frames.push(r.url());
    else if (/youtube|ytimg|vimeo/.test(r.url())) beforePlay.push(r.url());
  });
  await page.route('https://player.vimeo.com/**', (route) => route.fulfill({ body: '<html><body>player</body></html>', contentType: 'text/html' }));
  const errors = collectErrors(page);
  await page.goto(`/product/${youtube.slug}`);
  await waitForHydration(page);
  const play = page.getByRole('link', { name: `Play ${youtube.title} intro video` });
  await expect(play).toHaveAttribute('href', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  // The still is the product's own image: nothing is asked of the video site before play.
  await expect(play.locator('img')).toHaveAttribute('src', `${MEDIA_HOST}/cover.png`);
  await expect.poll(() => play.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(frames).toEqual([]);
  expect(beforePlay).toEqual([]);
  await play.click();
  const frame = page.locator('iframe.intro-video__frame');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  await expect(frame).toBeFocused();
  await expect.poll(() => frames).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1']);

  // Vimeo: the product's own image too.
  const vimeo = await createProduct(request, { introVideo: 'https://vimeo.com/76979871', mainImage: `${MEDIA_HOST}/vimeo-cover.png` });
  await page.goto(`/product/${vimeo.slug}`);
  await waitForHydration(page);
  const vimeoPlay = page.getByRole('link', { name: `Play ${vimeo.title} intro video` });
  await expect(vimeoPlay.locator('img')).toHaveAttribute('src', `${MEDIA_HOST}/vimeo-cover.png`);
  await expect(page.locator('iframe')).toHaveCount(0);
  await vimeoPlay.click();
  await expect(page.locator('iframe.intro-video__frame')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
  // The content security policy lets the player in (a refusal is reported on the console).
  await expect.poll(() => frames.at(-1)).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
  expect(errors).toEqual([]);
});
