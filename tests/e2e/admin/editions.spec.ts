import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import type { Product } from '../../../src/shared/schemas';
import { expect, expectSavedInEditor, keyboardMove, openAdmin, productInput, test, unique } from './fixtures';
import { waitForHydration } from '../public/support';

/** The phone of the public specs (before-script.spec.ts). */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

const names = (product: Product) => product.editions.map((edition) => edition.name);
const groupNames = (page: Page) => page.getByRole('region', { name: 'Editions' }).getByRole('group').evaluateAll((groups) => groups.map((group) => (group.querySelector('input') as HTMLInputElement).value));

/** A visitor on a phone picks the second edition; the Buy bar pinned to the bottom follows it. */
async function pickOnPhone(browser: Browser, baseURL: string, slug: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...PHONE, baseURL, javaScriptEnabled });
  try {
    const visitor = await context.newPage();
    await visitor.goto(`/product/${slug}`);
    if (javaScriptEnabled) await waitForHydration(visitor);
    const bar = visitor.locator('.buy-bar');
    const buy = bar.getByRole('link', { name: 'Buy Now' });
    await expect(bar).toHaveCSS('position', 'fixed');
    await expect(buy).toHaveAttribute('href', 'https://example.com/buy');
    await expect(bar.locator('.price').last()).toHaveText('$49.00');

    const picker = visitor.getByRole('navigation', { name: 'Editions' });
    await picker.getByRole('link', { name: /Team licence/ }).tap();
    await expect(visitor).toHaveURL(/\?edition=/);
    await expect(picker.getByRole('link', { name: /Team licence/ })).toHaveAttribute('aria-current', 'true');
    await expect(buy).toHaveAttribute('href', 'https://example.com/team');
    await expect(bar.locator('.price--was')).toContainText('$399.00');
    await expect(bar.locator('.price').last()).toHaveText('$299.00');
    await expect(bar.getByText('Save 25%')).toBeVisible();
    await expect(buy).toBeInViewport();
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(PHONE.viewport.height);
  } finally {
    await context.close();
  }
}

test('the owner adds a second edition on sale and publishes; a visitor on a phone picks it, with and without JavaScript', async ({ adminPage: page, api, browser, baseURL }) => {
  test.setTimeout(90_000);
  const product = await api.createProduct({ ...productInput(unique('Edition Course')), price: 49, currency: 'USD', status: 'draft' });
  try {
    await openAdmin(page, `/admin/products/${product.id}`);
    const info = page.getByRole('region', { name: 'Information' });
    // One edition: the form of today, and Add edition.
    await expect(info.getByLabel('Buy Link')).toHaveValue('https://example.com/buy');
    await expect(info.getByLabel('Price', { exact: true })).toHaveValue('49');
    await expect(info.getByRole('region', { name: 'Editions' })).toHaveCount(0);
    await info.getByRole('button', { name: 'Add edition' }).click();

    const editions = info.getByRole('region', { name: 'Editions' });
    const first = editions.getByRole('group', { name: 'Edition 1 (default)' });
    const second = editions.getByRole('group', { name: 'Edition 2' });
    await expect(first.getByLabel('Buy Link')).toHaveValue('https://example.com/buy');
    await expect(first.getByLabel('Price', { exact: true })).toHaveValue('49');
    await first.getByLabel('Name').fill('Video course');
    await second.getByLabel('Name').fill('Team licence');
    await second.getByLabel('Buy Link').fill('https://example.com/team');
    await second.getByLabel('Price', { exact: true }).fill('299');
    // A compare-at price must be above the price: named at its field, nothing saved.
    await second.getByLabel('Compare-at amount').fill('199');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(second.getByText('must be above the price')).toBeVisible();
    expect(names(await api.get<Product>(`/api/products/${product.id}`))).toEqual(['']);

    await second.getByLabel('Compare-at amount').fill('399');
    await second.getByLabel('Sale ends').fill('2099-06-01T12:00');
    await page.getByRole('region', { name: 'Publishing' }).getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    const saved = await api.get<Product>(`/api/products/${product.id}`);
    expect(saved.editions.map(({ name, price, currency, compareAtPrice, availability, buyLink }) => ({ name, price, currency, compareAtPrice, availability, buyLink }))).toEqual([
      { name: 'Video course', price: 49, currency: 'USD', compareAtPrice: null, availability: 'available', buyLink: 'https://example.com/buy' },
      { name: 'Team licence', price: 299, currency: 'USD', compareAtPrice: 399, availability: 'available', buyLink: 'https://example.com/team' },
    ]);
    expect(saved.editions[1]!.saleEndsAt).toBe(new Date('2099-06-01T12:00').toISOString());
    expect(saved).toMatchObject({ status: 'published', buyLink: 'https://example.com/buy', price: 49 });

    await pickOnPhone(browser, baseURL!, product.slug, true);
    await pickOnPhone(browser, baseURL!, product.slug, false);

    // Revisions show the editions one by one (the save just made is the newest), and a restore brings
    // back the version with one edition.
    const revisions = page.getByRole('region', { name: 'Revisions' });
    await revisions.getByRole('button', { name: 'Revisions' }).click();
    await revisions.getByRole('listitem').last().getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore Revision' });
    await expect(dialog.getByRole('row', { name: /^Edition 2/ })).toContainText('Team licence · 299 USD (was 399 until');
    await expect(dialog.getByRole('row', { name: /^Edition 1/ })).toContainText('Video course · 49 USD');
    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Information' }).getByRole('button', { name: 'Add edition' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Editions' })).toHaveCount(0);
    expect(names(await api.get<Product>(`/api/products/${product.id}`))).toEqual(['']);
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});

test('editions reorder with the keyboard and the mouse, the first becomes the default; the server names a field; typed editions are kept', async ({ adminPage: page, api }) => {
  test.setTimeout(90_000);
  const product = await api.createProduct({
    ...productInput(unique('Edition Order')),
    editions: [
      { name: 'Video course', price: 49, currency: 'USD', buyLink: 'https://example.com/video' },
      { name: 'Team licence', price: 299, currency: 'USD', buyLink: 'https://example.com/team' },
      { name: 'Project files', price: 79, currency: 'USD', buyLink: 'https://example.com/files' },
    ],
  });
  try {
    // Tall enough to see two editions whole while one is dragged.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await openAdmin(page, `/admin/products/${product.id}`);
    const editions = page.getByRole('region', { name: 'Editions' });
    await expect.poll(() => groupNames(page)).toEqual(['Video course', 'Team licence', 'Project files']);
    const { violations } = await new AxeBuilder({ page }).include('.adm-editions').analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

    // Keyboard: Space lifts the handle, the arrow moves, Space drops.
    await keyboardMove(page, 'Reorder Team licence', 'ArrowUp');
    await expect.poll(() => groupNames(page)).toEqual(['Team licence', 'Video course', 'Project files']);
    await expect(editions.getByRole('group', { name: 'Edition 1 (default)' }).getByLabel('Name')).toHaveValue('Team licence');

    // The Move buttons, for a keyboard without dragging. Before the mouse drag: for 50 ms after a pointer drag
    // dnd-kit swallows clicks on the page (so the drop is no click), which a busy machine stretches.
    await editions.getByRole('button', { name: 'Move Project files up' }).click();
    await expect.poll(() => groupNames(page)).toEqual(['Team licence', 'Project files', 'Video course']);
    await editions.getByRole('button', { name: 'Move Project files down' }).click();
    await expect.poll(() => groupNames(page)).toEqual(['Team licence', 'Video course', 'Project files']);

    // Mouse: Video course dragged by its handle back above Team licence.
    await editions.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    const handle = (await editions.getByRole('button', { name: 'Reorder Video course' }).boundingBox())!;
    const target = (await editions.getByRole('group', { name: 'Edition 1 (default)' }).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y - 10, { steps: 5 });
    await page.mouse.move(handle.x + handle.width / 2, target.y + 10, { steps: 15 });
    await page.mouse.up();
    await expect.poll(() => groupNames(page)).toEqual(['Video course', 'Team licence', 'Project files']);

    // Typed work is kept across a reload (decision 059).
    const files = editions.getByRole('group', { name: 'Edition 3' });
    await files.getByLabel('Availability').selectOption('sold_out');
    await files.getByLabel('Name').fill('Project files (sold out)');
    const kept = () => page.evaluate((key) => localStorage.getItem(key) ?? '', `showcase:admin-draft:product:${product.id}`);
    await expect.poll(kept).toContain('Project files (sold out)');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    const offer = page.getByRole('alert').filter({ hasText: /^Restore unsaved changes from/ });
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect(files.getByLabel('Name')).toHaveValue('Project files (sold out)');
    await expect(files.getByLabel('Availability')).toHaveValue('sold_out');

    // A rule only the server checks (a currency without cents) comes back under its field.
    const team = editions.getByRole('group', { name: 'Edition 2' });
    await team.getByLabel('Currency').selectOption('JPY');
    await team.getByLabel('Price', { exact: true }).fill('30000');
    await team.getByLabel('Compare-at amount').fill('39999.5');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(team.getByText('must have at most 0 decimals in JPY')).toBeVisible();
    await expect(team.getByLabel('Compare-at amount')).toHaveAttribute('aria-invalid', 'true');
    await team.getByLabel('Compare-at amount').fill('39999');
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expectSavedInEditor(page);
    const saved = await api.get<Product>(`/api/products/${product.id}`);
    expect(names(saved)).toEqual(['Video course', 'Team licence', 'Project files (sold out)']);
    expect(saved.editions[1]).toMatchObject({ price: 30000, currency: 'JPY', compareAtPrice: 39999 });
    expect(saved.editions[2]).toMatchObject({ availability: 'sold_out' });
    expect(saved).toMatchObject({ buyLink: 'https://example.com/video', price: 49 });

    // On a phone the three editions fit the screen's width.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(editions.getByRole('group')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  } finally {
    await api.remove(`/api/products/${product.id}`);
  }
});
