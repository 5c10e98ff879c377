import { expect, test, type Page } from '@playwright/test';
import type { HeroConfigInput } from '../../../src/shared/schemas';
import { MEDIA_HOST, collectErrors, createCategory, createProduct, serveTestMedia, waitForHydration } from './support';

/** A category page is a hero we own: the homepage hero belongs to the admin specs running beside us. */
async function heroPage(page: Page, request: Parameters<typeof createCategory>[0], heroConfig: HeroConfigInput) {
  const category = await createCategory(request, { heroConfig });
  return `/category/${category.slug}`;
}

const withVideos: HeroConfigInput = {
  title: 'Video hero',
  heroImage: `${MEDIA_HOST}/hero.png`,
  introVideo: `${MEDIA_HOST}/intro.webm`,
  loopVideo: `${MEDIA_HOST}/loop.webm`,
};

const hero = (page: Page) => page.locator('section.hero');

test.beforeEach(async ({ page }) => {
  await serveTestMedia(page);
});

test('the intro video starts after 1000 ms, then the loop video plays and the intro is gone', async ({ page, request }) => {
  const url = await heroPage(page, request, withVideos);
  const errors = collectErrors(page);
  // Time stands still from the start; we move it by hand once the page is interactive.
  await page.clock.install({ time: new Date('2026-01-01T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-01T10:00:01Z'));
  await page.goto(url);
  await waitForHydration(page);
  await expect(hero(page)).toHaveAttribute('data-hero-phase', 'static');
  await expect(hero(page).locator('.hero__image')).toBeVisible();
  await page.clock.runFor(990);
  await expect(hero(page)).toHaveAttribute('data-hero-phase', 'static');
  await expect(hero(page).locator('video')).toHaveCount(0);
  await page.clock.runFor(20);
  await expect(hero(page)).toHaveAttribute('data-hero-phase', 'intro');
  const intro = hero(page).locator('video.hero__video--intro');
  await expect(intro).toHaveAttribute('src', `${MEDIA_HOST}/intro.webm`);
  await expect.poll(() => intro.evaluate((v: HTMLVideoElement) => v.currentTime > 0 || v.ended)).toBe(true);
  // The loop waits, hidden and paused, while the intro is still there (read in one go: the intro is short).
  const during = await page.evaluate(() => {
    const loopVideo = document.querySelector<HTMLVideoElement>('section.hero video.hero__video--loop');
    return {
      introThere: document.querySelector('section.hero video.hero__video--intro') !== null,
      loopHidden: loopVideo ? getComputedStyle(loopVideo).visibility === 'hidden' && loopVideo.paused : false,
    };
  });
  if (during.introThere) expect(during.loopHidden).toBe(true);

  // The 1-second intro ends on its own; the loop takes over.
  await expect(hero(page)).toHaveAttribute('data-hero-phase', 'loop', { timeout: 10_000 });
  await expect(hero(page).locator('video.hero__video--intro')).toHaveCount(0);
  const loop = hero(page).locator('video.hero__video--loop');
  await expect(loop).toBeVisible();
  await expect(loop).toHaveAttribute('src', `${MEDIA_HOST}/loop.webm`);
  expect(await loop.evaluate((v: HTMLVideoElement) => v.loop)).toBe(true);
  await expect.poll(() => loop.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  expect(errors).toEqual([]);
});

test('a video that fails to load falls back to the hero image', async ({ page, request }) => {
  const url = await heroPage(page, request, withVideos);
  await page.route(`${MEDIA_HOST}/intro.webm`, (route) => route.abort('failed'));
  await page.goto(url);
  await expect(hero(page)).toHaveAttribute('data-hero-phase', 'failed', { timeout: 5000 });
  await expect(hero(page).locator('video')).toHaveCount(0);
  await expect(hero(page).locator('.hero__image')).toBeVisible();
  await expect(hero(page).locator('.hero__image')).toHaveAttribute('src', `${MEDIA_HOST}/hero.png`);
});

test('a blocked video falls back to a static view when there is no hero image', async ({ page, request }) => {
  const url = await heroPage(page, request, { title: 'No image', loopVideo: `${MEDIA_HOST}/loop.webm`, backgroundColor: '#123456' });
  // What a browser that refuses autoplay does.
  await page.addInitScript(() => {
    HTMLMediaElement.prototype.play = () => Promise.reject(new DOMException('Autoplay is not allowed', 'NotAllowedError'));
  });
  await page.goto(url);
  await expect(hero(page)).toHaveAttribute('data-hero-phase', 'failed', { timeout: 5000 });
  await expect(hero(page).locator('video, img')).toHaveCount(0);
  await expect(hero(page)).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await expect(hero(page).getByRole('heading', { name: 'No image' })).toBeVisible();
});

test('with reduced motion asked for, the hero stays a still image', async ({ page, request }) => {
  const url = await heroPage(page, request, withVideos);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(url);
  await waitForHydration(page);
  await page.waitForTimeout(1500);
  await expect(hero(page)).toHaveAttribute('data-hero-phase', 'static');
  await expect(hero(page).locator('video')).toHaveCount(0);
  await expect(hero(page).locator('.hero__image')).toBeVisible();
});

test('a slow intro video keeps the hero image in place until it plays', async ({ page, request }) => {
  const url = await heroPage(page, request, withVideos);
  await page.route(`${MEDIA_HOST}/intro.webm`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.fallback();
  });
  await page.goto(url);
  await expect(hero(page)).toHaveAttribute('data-hero-phase', 'intro');
  await expect(hero(page).locator('.hero__image')).toBeVisible();
  await expect(hero(page)).toHaveAttribute('data-hero-phase', 'loop', { timeout: 10_000 });
});

test('buttons show only when active, styled by colour, variant and size; text and background colours', async ({ page, request }) => {
  const url = await heroPage(page, request, {
    title: 'Buttons',
    description: 'Hero description',
    backgroundColor: '#222222',
    textColor: '#ffcc00',
    button1: { isActive: true, text: 'Start learning', link: '/about', color: 'tertiary', variant: 'solid', size: 'lg' },
    button2: { isActive: false, text: 'Hidden button', link: '/about', color: 'black', variant: 'outlined', size: 'sm' },
  });
  await page.goto(url);
  const start = hero(page).getByRole('link', { name: 'Start learning' });
  await expect(start).toHaveClass(/btn-tertiary/);
  await expect(start).toHaveClass(/btn-solid/);
  await expect(start).toHaveClass(/btn-lg/);
  await expect(hero(page).getByText('Hidden button')).toHaveCount(0);
  await expect(hero(page)).toHaveCSS('background-color', 'rgb(34, 34, 34)');
  await expect(hero(page).locator('.hero__title')).toHaveCSS('color', 'rgb(255, 204, 0)');
  await start.click();
  await expect(page).toHaveURL(/\/about$/);

  const plain = await heroPage(page, request, { title: 'Default colours', button2: { isActive: true, text: 'Second', link: '/', color: 'secondary', variant: 'outlined', size: 'md' } });
  await page.goto(plain);
  await expect(hero(page).locator('.hero__title')).toHaveCSS('color', 'rgb(255, 255, 255)');
  const second = hero(page).getByRole('link', { name: 'Second' });
  await expect(second).toHaveClass(/btn-secondary btn-outlined btn-md/);
});

test("a new product's hero is built from its own title and tile image: no empty gradient, the description said once", async ({ page, request }) => {
  const product = await createProduct(request, { title: 'Hero From Fields', description: '<p>Learn <strong>colour</strong> by doing.</p>', mainImage: `${MEDIA_HOST}/cover.png` });
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  await expect(hero(page)).toHaveClass(/hero--image/);
  await expect(hero(page).locator('.hero__title')).toHaveText('Hero From Fields');
  // The page's text shows the description in full: the hero does not repeat its opening.
  await expect(hero(page).locator('.hero__description')).toHaveCount(0);
  await expect(page.getByText('Learn colour by doing.')).toHaveCount(1);
  const image = hero(page).locator('.hero__image');
  await expect(image).toHaveAttribute('src', `${MEDIA_HOST}/cover.png`);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(image).toBeVisible();
});
