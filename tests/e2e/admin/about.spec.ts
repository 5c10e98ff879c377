import type { AboutPage } from '../../../src/shared/schemas';
import { abortApi, expect, failApi, openAdmin, pngFile, test, unique } from './fixtures';
import { editorWorkTests, editors } from './editor-work-cases';

test('about content saves, persists after a reload and shows on /about', async ({ adminPage: page, api }) => {
  const original = await api.get<AboutPage>('/api/about');
  await openAdmin(page, '/admin/about');
  const content = page.getByRole('region', { name: 'Content' });
  const hero = page.getByRole('region', { name: 'Hero' });
  await expect(content.getByRole('button', { name: 'Content' })).toHaveAttribute('aria-expanded', 'true');
  await expect(hero.getByRole('button', { name: 'Hero', exact: true })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible();
  const editor = content.getByRole('textbox', { name: 'Content' });
  await expect(editor).toBeVisible();
  expect(await editor.evaluate((node) => node.getBoundingClientRect().height)).toBeGreaterThanOrEqual(400);

  const sentence = unique('Our admin-written story');
  try {
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(sentence);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByRole('button', { name: 'Saved' }).first()).toBeVisible();

    await page.reload();
    await expect(page.getByRole('region', { name: 'Content' }).getByRole('textbox', { name: 'Content' })).toContainText(sentence);
    await page.goto('/about');
    await expect(page.getByText(sentence)).toBeVisible();
  } finally {
    await api.put('/api/about', original);
  }
});

test('a blank about page is saved as null', async ({ adminPage: page, api }) => {
  const original = await api.get<AboutPage>('/api/about');
  await openAdmin(page, '/admin/about');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await expect(editor).toBeVisible();
  // Answer the save from the test, so the public about page keeps its content: only the payload matters here.
  let sent: unknown;
  await page.route('**/api/about', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    sent = route.request().postDataJSON();
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: sent }) });
  });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByRole('button', { name: 'Saved' }).first()).toBeVisible();
  expect((sent as AboutPage).content).toBeNull();
  expect((await api.get<AboutPage>('/api/about')).content).toBe(original.content);
});

test('a failed about save shows "Failed to save changes"', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/about');
  await failApi(page, '**/api/about', 'PUT', 500, 'Something broke');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByRole('alert')).toHaveText('Failed to save changes');
});

test('rich-text toolbar and image upload: placeholder, returned url, and both failures said under the editor', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/about');
  const content = page.getByRole('region', { name: 'Content' });
  const editor = content.getByRole('textbox', { name: 'Content' });
  await expect(editor).toBeVisible();
  const toolbar = content.locator('.ql-toolbar');
  for (const format of ['bold', 'italic', 'underline', 'strike', 'link', 'image', 'clean']) {
    await expect(toolbar.locator(`button.ql-${format}`)).toHaveCount(1);
  }
  await expect(toolbar.locator('button.ql-list')).toHaveCount(2);
  await expect(toolbar.locator('select.ql-header option')).toHaveCount(7);
  await expect(toolbar.locator('select.ql-size option')).toHaveCount(4);
  for (const picker of ['color', 'background', 'align']) await expect(toolbar.locator(`.ql-${picker}`).first()).toBeAttached();

  await editor.click();
  // Hold the upload so the placeholder can be seen, then let the real server answer.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/upload/image', async (route) => {
    await held;
    await route.fallback();
  });
  const chooser = page.waitForEvent('filechooser');
  await toolbar.locator('button.ql-image').click();
  await (await chooser).setFiles(await pngFile('inline.png'));
  await expect(editor.locator('img[src^="data:image/svg+xml"]')).toHaveCount(1);
  release();
  await expect(editor.locator('img[src^="/uploads/"]')).toHaveCount(1);
  await expect(editor.locator('img[src^="data:"]')).toHaveCount(0);
  await page.unroute('**/api/upload/image');

  await failApi(page, '**/api/upload/image', 'POST', 415, 'Unsupported file type: upload a JPEG, PNG, WebP, GIF or AVIF image');
  const chooser2 = page.waitForEvent('filechooser');
  await toolbar.locator('button.ql-image').click();
  await (await chooser2).setFiles(await pngFile('refused.png'));
  // Said under the editor, naming the file: no browser alert.
  await expect(content.getByRole('alert')).toHaveText('Upload failed: Unsupported file type: upload a JPEG, PNG, WebP, GIF or AVIF image (refused.png)');
  await expect(editor.locator('img[src^="data:"]')).toHaveCount(0);
  await page.unroute('**/api/upload/image');

  await abortApi(page, '**/api/upload/image', 'POST');
  const chooser3 = page.waitForEvent('filechooser');
  await toolbar.locator('button.ql-image').click();
  await (await chooser3).setFiles(await pngFile('network.png'));
  await expect(content.getByRole('alert')).toHaveText('Image upload failed (network.png)');
  await expect(editor.locator('img[src^="data:"]')).toHaveCount(0);
  await expect(editor.locator('img')).toHaveCount(1);
});

test('a refused about save opens the folded Hero at the invalid field; its error and the summary go as soon as it is valid', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/about');
  const hero = page.getByRole('region', { name: 'Hero' });
  const toggle = hero.getByRole('button', { name: 'Hero', exact: true });
  await toggle.click();
  const link = hero.getByRole('group', { name: 'Secondary Button' }).getByLabel('Link');
  await link.fill('ftp://example.com/file');
  await toggle.click();
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(link).toBeFocused();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.adm-page-header').getByRole('alert')).toHaveText('1 field needs attention before saving');
  await expect(page.getByText('Changes saved successfully')).toHaveCount(0);

  await link.fill('https://example.com/ok');
  await expect(link).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.adm-save-summary')).toHaveCount(0);
});

// Issue 24: kept drafts and "Reload and keep my changes" on this editor too.
editorWorkTests(editors.about);
