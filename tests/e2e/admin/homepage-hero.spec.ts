import type { HeroConfig } from '../../../src/shared/schemas';
import { abortApi, expect, failApi, openAdmin, pngFile, test } from './fixtures';
import { editorWorkTests, editors } from './editor-work-cases';

test('the homepage hero saves, shows Saved for 3 s and persists after a reload', async ({ adminPage: page, api }) => {
  const original = await api.get<HeroConfig>('/api/homepage');
  await openAdmin(page, '/admin/homepage');
  await expect(page.getByRole('heading', { name: 'Homepage Hero', level: 1 })).toBeVisible();
  const hero = page.getByRole('region', { name: 'Hero' });
  await expect(hero.getByRole('button', { name: 'Hero', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(2);
  // Preview opens the homepage as the form makes it, on a signed link.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = await popup;
  await expect(preview).toHaveURL(/\/preview\/[\w-]+\/[\w-]+$/);
  await preview.close();

  // Fields that public specs do not read: the background colour and the secondary button's link.
  const background = original.backgroundColor === '#123456' ? '#654321' : '#123456';
  await hero.getByLabel('Background Color hex value').fill(background);
  const secondary = hero.getByRole('group', { name: 'Secondary Button' });
  await secondary.getByLabel('Link').fill('/about');

  // Logo upload with a real PNG.
  await hero.getByLabel('Logo', { exact: true }).setInputFiles(await pngFile('logo.png'));
  // Wait for the new upload, not the demo logo that was there already.
  const logo = hero.getByRole('img', { name: 'Logo preview' });
  await expect(logo).not.toHaveAttribute('src', original.logo);
  await expect(logo).toHaveAttribute('src', /^\/uploads\//);
  const logoUrl = (await logo.getAttribute('src'))!;

  try {
    // Ctrl/⌘+S saves like the Save buttons, on every admin form (the about page's tests click Save).
    await hero.getByLabel('Link').first().focus();
    await page.keyboard.press(process.platform === 'darwin' ? 'Meta+s' : 'Control+s');
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveCount(2);
    await expect(page.getByText('Changes saved successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(2, { timeout: 5000 });

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Hero' });
    await expect(reloaded.getByLabel('Background Color hex value')).toHaveValue(background);
    await expect(reloaded.getByRole('group', { name: 'Secondary Button' }).getByLabel('Link')).toHaveValue('/about');
    await expect(reloaded.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', logoUrl);
    const saved = await api.get<HeroConfig>('/api/homepage');
    expect(saved.backgroundColor).toBe(background);
    expect(saved.title).toBe(original.title);
  } finally {
    await api.put('/api/homepage', original);
  }
});

test('hero buttons: every field, and the preview only while active', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/homepage');
  const primary = page.getByRole('group', { name: 'Primary Button' });
  const activeToggle = primary.getByRole('switch', { name: 'Active' });
  await activeToggle.setChecked(false);
  await expect(primary.getByRole('img', { name: 'Primary Button preview' })).toHaveCount(0);
  await activeToggle.setChecked(true);
  await primary.getByLabel('Text').fill('Start learning');
  await primary.getByLabel('Color').selectOption('black');
  await primary.getByLabel('Variant').selectOption('outlined');
  await primary.getByLabel('Size').selectOption('lg');
  const preview = primary.getByRole('img', { name: 'Primary Button preview' });
  await expect(preview).toContainText('Start learning');
  await expect(preview.locator('.adm-hero-btn--black.adm-hero-btn--outlined.adm-hero-btn--lg')).toBeVisible();
  await expect(primary.getByLabel('Color').locator('option')).toHaveText(['primary', 'secondary', 'black', 'tertiary']);
  await expect(primary.getByLabel('Variant').locator('option')).toHaveText(['solid', 'outlined']);
  await expect(primary.getByLabel('Size').locator('option')).toHaveText(['sm', 'md', 'lg']);
  for (const label of ['Logo', 'Hero Image', 'Intro Video', 'Loop Video']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('accept', label.endsWith('Video') ? 'video/*' : 'image/*');
  }
});

test('a failed hero save shows the thrown message: the server error, "Failed to save homepage hero", or that the server could not be reached', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/homepage');
  await failApi(page, '**/api/homepage', 'PUT', 500, 'Database unavailable');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(page.getByRole('alert')).toHaveText('Database unavailable');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(2);

  await page.unroute('**/api/homepage');
  await failApi(page, '**/api/homepage', 'PUT', 500, '');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByRole('alert')).toHaveText('Failed to save homepage hero');

  await page.unroute('**/api/homepage');
  await abortApi(page, '**/api/homepage', 'PUT');
  await page.getByRole('button', { name: 'Save' }).first().click();
  // A request that never got an answer says so, and that the work is kept (issue 24), not Chromium's "Failed to fetch".
  await expect(page.getByRole('alert')).toHaveText('The server could not be reached — your changes are kept. Try Save again.');
});

test('leaving with unsaved changes asks first', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/homepage');
  await page.getByRole('region', { name: 'Hero' }).getByLabel('Title', { exact: true }).fill('Unsaved draft title');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'About' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/admin\/homepage$/);
  await expect(page.getByRole('region', { name: 'Hero' }).getByLabel('Title', { exact: true })).toHaveValue('Unsaved draft title');
  // A reload or closing the tab gets the browser's own prompt.
  const prompt = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  expect(await prompt).toBe('beforeunload');
  await expect(page.getByRole('region', { name: 'Hero' }).getByLabel('Title', { exact: true })).toHaveValue('Unsaved draft title');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'About' }).click();
  await page.getByRole('dialog', { name: 'Unsaved Changes' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/about$/);
});

test('an image picker shows the server refusal of a wrong type and of an oversized file', async ({ adminPage: page }) => {
  test.setTimeout(60_000);
  await openAdmin(page, '/admin/homepage');
  const hero = page.getByRole('region', { name: 'Hero' });
  await hero.getByLabel('Hero Image', { exact: true }).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image') });
  await expect(hero.getByRole('alert')).toHaveText(/^Upload failed: Unsupported file type/);

  // 16 MB behind a PNG signature: over the 15 MB image limit.
  const big = Buffer.alloc(16 * 1024 * 1024);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
  await hero.getByLabel('Hero Image', { exact: true }).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(hero.getByRole('alert')).toHaveText(/^Upload failed: File is too large/, { timeout: 15_000 });

  // A failure without an explanation (e.g. a proxy's HTML error page).
  await page.route('**/api/upload/image', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
  await hero.getByLabel('Hero Image', { exact: true }).setInputFiles(await pngFile('proxy.png'));
  await expect(hero.getByRole('alert')).toHaveText('Upload failed (proxy.png)');
  await page.unroute('**/api/upload/image');

  await abortApi(page, '**/api/upload/image', 'POST');
  await hero.getByLabel('Hero Image', { exact: true }).setInputFiles(await pngFile('ok.png'));
  await expect(hero.getByRole('alert')).toHaveText('Upload failed: Upload error (ok.png)');
});

test('logging out from a form with unsaved changes warns in the dialog, then leaves without a second prompt', async ({ adminPage: page }) => {
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.dismiss();
  });
  await openAdmin(page, '/admin/homepage');
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(dialog.getByText('You have unsaved changes. Logging out discards them.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('region', { name: 'Hero' }).getByLabel('Title', { exact: true }).fill('Draft that will be dropped');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(dialog.getByText('You have unsaved changes. Logging out discards them.')).toBeVisible();
  await dialog.getByLabel('Redirect to homepage after logout').setChecked(false);
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect(prompts).toEqual([]);
});

test('a refused hero save: the error under the field and the summary beside Save go as soon as the field is valid', async ({ adminPage: page }) => {
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/homepage')) puts.push(request.url());
  });
  await openAdmin(page, '/admin/homepage');
  const link = page.getByRole('group', { name: 'Primary Button' }).getByLabel('Link');
  await link.fill('javascript:alert(1)');
  const save = page.getByRole('button', { name: 'Save' });
  await save.last().click();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(link).toBeFocused();
  await expect(page.getByText('must be an http(s) URL or a path starting with /')).toBeVisible();
  await expect(page.locator('.adm-page-header').getByRole('alert')).toHaveText('1 field needs attention before saving');
  await expect(save.first()).toHaveClass(/adm-button--refused/);
  expect(puts).toEqual([]);

  await link.fill('/about');
  await expect(link).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('must be an http(s) URL or a path starting with /')).toHaveCount(0);
  await expect(page.locator('.adm-save-summary')).toHaveCount(0);
  await expect(save.first()).not.toHaveClass(/adm-button--refused/);
});

test('a server refusal that names a field is shown under that field until its value changes', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/homepage');
  // The server's own answer shape for a refused field (decision 037), without changing the shared hero.
  await page.route('**/api/homepage', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'title: is not allowed here', field: 'title' }) })
      : route.fallback(),
  );
  const title = page.getByRole('region', { name: 'Hero' }).getByLabel('Title', { exact: true });
  await title.fill('A title the server refuses');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('region', { name: 'Hero' }).getByText('title: is not allowed here')).toBeVisible();
  await expect(page.locator('.adm-page-header').getByRole('alert')).toHaveText('1 field needs attention before saving');
  await expect(title).toBeFocused();
  await title.fill('Another title');
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.adm-save-summary')).toHaveCount(0);
});

// Issue 24: kept drafts and "Reload and keep my changes" on this editor too.
editorWorkTests(editors.homepage);
