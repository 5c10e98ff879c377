import type { Product, Tag } from '../../../src/shared/schemas';
import { categoryInput, expect, openAdmin, test, unique } from './fixtures';
import type { Page } from '@playwright/test';

type Target = { label?: string; type?: string; text?: string; selector?: string; name?: string };

/** Presses Tab until the focused element is the target, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Target, max = 80) {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate(({ label, type, text, selector, name }) => {
      const element = document.activeElement;
      if (!element) return false;
      if (selector !== undefined && !element.matches(selector)) return false;
      if (name !== undefined && element.textContent !== name) return false;
      if (label !== undefined && element.getAttribute('aria-label') !== label) return false;
      if (type !== undefined && element.getAttribute('type') !== type) return false;
      return text === undefined || element.parentElement?.textContent === text;
    }, target);
    if (hit) return;
  }
  throw new Error(`Tab never reached ${JSON.stringify(target)}`);
}

test('create a product by keyboard only: Tab leaves the editor, Enter picks the tag suggestion, Ctrl+S saves', async ({ adminPage: page, api, request, token }) => {
  test.setTimeout(60_000);
  const category = await api.createCategory(categoryInput(unique('Keyboard Cat')));
  const tagTitle = unique('Beginner');
  const tagResponse = await request.post('/api/tags', { headers: { Authorization: `Bearer ${token}` }, data: { title: tagTitle } });
  expect(tagResponse.status()).toBe(201);
  const tag = (await tagResponse.json()).data as Tag;
  const title = unique('Keyboard Product');
  const categoryTitle = category.title;
  let product: Product | undefined;
  try {
    await openAdmin(page, '/admin/products/new');
    await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();
    // Categories and tags are in view, with the warning for a product in no category.
    const classification = page.getByRole('region', { name: 'Classification' });
    await expect(classification.getByRole('button', { name: 'Classification' })).toHaveAttribute('aria-expanded', 'true');
    await expect(classification.getByText('This product is in no category: it will not appear on any category page.')).toBeVisible();

    const info = page.getByRole('region', { name: 'Information' });
    await info.getByLabel('Title', { exact: true }).focus();
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    await expect(info.getByLabel('Slug')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type('1 hour - 3 lessons');
    await page.keyboard.press('Tab');
    await page.keyboard.type('https://example.com/buy');
    // The optional price comes next; its currency stays disabled (out of the tab order) while there is no price.
    await page.keyboard.press('Tab');
    await expect(info.getByLabel('Price', { exact: true })).toBeFocused();
    // The sale and availability, folded, then Add edition (issue 28).
    await page.keyboard.press('Tab');
    await expect(info.getByText('Sale and availability')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(info.getByRole('button', { name: 'Add edition' })).toBeFocused();

    // The toolbar is one tab stop; the arrows move within it.
    await page.keyboard.press('Tab');
    const toolbar = page.getByRole('toolbar', { name: 'Description formatting' });
    await expect.poll(() => toolbar.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => toolbar.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    const description = page.getByRole('textbox', { name: 'Description' });
    await expect(description).toBeFocused();
    await page.keyboard.type('Written without a mouse.');
    // Tab leaves the editor instead of typing a tab character into it.
    await page.keyboard.press('Tab');
    await expect(description).not.toBeFocused();
    await expect(description).toHaveText('Written without a mouse.');

    // A picture from the library (media fields take files, not addresses: issue 24).
    await tabTo(page, { name: 'Choose from library for Tile Image' });
    await page.keyboard.press('Enter');
    const library = page.getByRole('dialog', { name: 'Choose Tile Image from library' });
    await expect(library.getByRole('button', { name: /^Choose / }).first()).toBeVisible();
    await tabTo(page, { selector: '.adm-library__pick' });
    await page.keyboard.press('Enter');
    await expect(library).toBeHidden();
    await expect(page.getByRole('img', { name: 'Tile Image preview' })).toHaveAttribute('src', /^\/uploads\//);
    // Focus is back on the button that opened the library.
    await expect(page.getByRole('button', { name: 'Choose from library for Tile Image' })).toBeFocused();
    await tabTo(page, { label: 'Intro video (optional) video-site link' });
    await page.keyboard.type('https://www.youtube.com/watch?v=dQw4w9WgXcQ');

    await tabTo(page, { type: 'checkbox', text: categoryTitle }, 200);
    await page.keyboard.press('Space');
    await expect(classification.getByLabel(category.title)).toBeChecked();
    await expect(classification.getByText('This product is in no category')).toHaveCount(0);

    await tabTo(page, { type: 'search' });
    await page.keyboard.type(tagTitle.slice(0, 'Beginner'.length + 3));
    await expect(classification.getByText(`Enter adds “${tagTitle}”`)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(classification.getByRole('button', { name: `Remove tag ${tagTitle}` })).toBeVisible();

    await page.keyboard.press(process.platform === 'darwin' ? 'Meta+s' : 'Control+s');
    await expect(page).toHaveURL(/\/admin\/products$/);
    const notice = page.getByRole('status').filter({ hasText: `Product “${title}” created.` });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: `View ${title}` })).toHaveAttribute('href', /^\/product\/keyboard-product-/);
    await expect(notice.getByRole('link', { name: 'Add another' })).toHaveAttribute('href', '/admin/products/new');
    const products = await api.get<Product[]>('/api/products');
    product = products.find((item) => item.title === title);
    expect(product?.categories).toEqual([category.id]);
    expect(product?.description).toBe('<p>Written without a mouse.</p>');
    const tags = await api.get<Tag[]>('/api/tags');
    expect(product?.tags).toEqual([tag.id]);
    // Picking the suggestion made no tag of the typed text.
    expect(tags.some((item) => item.title === tagTitle.slice(0, 'Beginner'.length + 3))).toBe(false);
    await page.getByLabel('Search products').fill(title);
    await expect(page.locator(`tr[data-row-id="${product!.id}"]`)).toHaveClass(/adm-row--created/);
  } finally {
    if (product) await api.remove(`/api/products/${product.id}`);
    await api.remove(`/api/tags/${tag.id}`);
    await api.remove(`/api/categories/${category.id}`);
  }
});
