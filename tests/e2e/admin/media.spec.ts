import type { Page } from '@playwright/test';
import { expect, openAdmin, png, test, unique } from './fixtures';

/** Drops a real PNG on an element the way a file manager would: dragenter/dragover, then drop with the file. */
async function dropFile(page: Page, selector: string, name: string, bytes: Buffer) {
  await page.locator(selector).evaluate(
    (element, { name, data }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type: 'image/png' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        element.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      }
    },
    { name, data: [...bytes] },
  );
}

/** Holds uploads until `release()`: the progress bar and the cancel button are on screen meanwhile. */
async function holdUploads(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/upload/image', async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return { release: () => release() };
}

test('an image dropped on a field uploads with a progress bar; one can be cancelled; the library chooses one', async ({ adminPage: page }) => {
  await openAdmin(page, '/admin/homepage');
  const hero = page.getByRole('region', { name: 'Hero' });
  const field = page.locator('[data-drop-zone="Hero Image"]');
  // The field shows the picture, its file's name and size and Replace: no address to edit (issue 24).
  const preview = hero.getByRole('img', { name: 'Hero Image preview' });
  const before = await preview.getAttribute('src');
  await expect(field.getByRole('textbox')).toHaveCount(0);
  const name = `${unique('dropped').replace(/\s/g, '-')}.png`;

  // Drop, see the progress bar while the upload is held, then let it through.
  const held = await holdUploads(page);
  await dropFile(page, '[data-drop-zone="Hero Image"]', name, await png(10, 160, 90, 320, 180));
  await expect(field.getByRole('progressbar', { name: `Uploading ${name}` })).toBeVisible();
  await expect(field.getByRole('button', { name: `Cancel upload of ${name}` })).toBeVisible();
  held.release();
  await expect(preview).toHaveAttribute('src', /^\/uploads\/.+\.png$/);
  await expect(field.getByRole('progressbar')).toHaveCount(0);
  const droppedUrl = await preview.getAttribute('src');
  expect(droppedUrl).not.toBe(before);
  await expect(field.locator('.adm-picture-facts__file')).toHaveText(new RegExp(`^${name.replace(/[.]/g, '\\.')} · \\d+(\\.\\d)? kB$`));
  await expect(field.getByRole('button', { name: 'Replace Hero Image' })).toBeVisible();
  await page.unroute('**/api/upload/image');

  // A second drop is cancelled: the field keeps what it had.
  const second = await holdUploads(page);
  await dropFile(page, '[data-drop-zone="Hero Image"]', 'cancel-me.png', await png(200, 10, 10));
  await field.getByRole('button', { name: 'Cancel upload of cancel-me.png' }).click();
  await expect(field.getByRole('progressbar')).toHaveCount(0);
  await expect(preview).toHaveAttribute('src', droppedUrl!);
  second.release();
  await page.unroute('**/api/upload/image');

  // Choose from the library: the dropped file is there under its own name, newest first.
  // The field is emptied first, to see the choice land in it.
  await field.getByRole('button', { name: 'Remove Hero Image' }).click();
  await expect(preview).toHaveCount(0);
  await hero.getByRole('button', { name: 'Choose from library for Hero Image' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Choose Hero Image from library' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Search media').fill(name);
  await expect(dialog.getByRole('button', { name: `Choose ${name}` })).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByText('320×180')).toBeVisible();
  await dialog.getByRole('button', { name: `Choose ${name}` }).click();
  await expect(dialog).toBeHidden();
  await expect(preview).toHaveAttribute('src', droppedUrl!);
});

test('the media library edits alt text and refuses to delete an image in use', async ({ adminPage: page, api }) => {
  const homepage = await api.get<{ heroImage: string }>('/api/homepage');
  await openAdmin(page, '/admin/homepage');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' }).click();
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/media$/);
  await expect(page.getByRole('status').filter({ hasText: /\d+ items/ })).toBeVisible();

  // The homepage hero image: in use, so it cannot be deleted.
  const file = homepage.heroImage.split('/').pop()!;
  const items = await api.get<Array<{ url: string; name: string }>>('/api/media?type=image');
  const heroItem = items.find((item) => item.url === homepage.heroImage)!;
  await page.getByLabel('Search media').fill(heroItem.name || file);
  await page.getByRole('button', { name: `Edit ${heroItem.name || homepage.heroImage}` }).first().click();
  const details = page.getByRole('region', { name: 'Selected media' });
  await expect(details.getByText('Homepage (homepage)')).toBeVisible();

  const alt = unique('Hero artwork');
  await details.getByRole('textbox', { name: 'Alt text' }).fill(alt);
  await details.getByRole('button', { name: /Set focal point/ }).click({ position: { x: 10, y: 10 } });
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved');
  await expect(details.getByText(/from the left/)).not.toHaveText('50% from the left, 50% from the top');

  // The cached homepage is served until its fresh render is ready (DESIGN.md §7): ask again until it is.
  await expect.poll(async () => (await page.request.get('/')).text()).toContain(`alt="${alt}"`);

  await details.getByRole('button', { name: 'Delete' }).click();
  await expect(details.getByRole('alert')).toContainText('in use');
  await expect(details.getByRole('alert')).toContainText('Homepage');
});
