import fs from 'node:fs';
import type { FormSubmission } from '../../../src/shared/schemas/form-submission';
import type { SitePage } from '../../../src/shared/schemas/page';
import { expect, openAdmin, test, unique } from './fixtures';

/** Issue 29: the contact forms' inbox lists a message, opens it (marking it read), exports it and deletes it. */
test('the inbox lists a message sent through a contact form, opens it, exports it and deletes it', async ({ adminPage: page, api, request, token }) => {
  const title = unique('Inbox Contact');
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const created = await request.post('/api/pages', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      slug,
      blocks: [{ type: 'contactForm', fields: [{ name: 'company', label: 'Company', type: 'text' }], successMessage: 'Thanks, we read everything.' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sitePage = (await created.json()).data as SitePage;
  const blockId = sitePage.blocks[0]!.id;
  const sender = unique('Ada Visitor');
  try {
    // Sent as a visitor (no token).
    const sent = await request.post(`/api/forms/${sitePage.id}/${blockId}/submissions`, {
      data: { name: sender, email: 'ada@example.com', message: 'Do you ship to Lisbon?\nThanks!', company: 'Analytical Engines' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    expect((await sent.json()).data.message).toBe('Thanks, we read everything.');

    await openAdmin(page, '/admin/forms');
    await expect(page.getByRole('heading', { name: 'Forms', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(sender);
    const row = page.getByRole('row').filter({ hasText: sender });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Unread');
    await expect(row).toContainText(title);
    await expect(row).toContainText('Do you ship to Lisbon?');

    // The CSV of the search holds the message.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^form-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(sender);
    expect(csv).toContain('Company: Analytical Engines');

    // Open: the whole message, with the owner's extra field; it is read now.
    await row.getByRole('button', { name: `Open message from ${sender}` }).click();
    const message = page.getByRole('region', { name: `Message from ${sender}` });
    await expect(message.getByRole('heading', { name: `Message from ${sender}` })).toBeFocused();
    await expect(message).toContainText('Analytical Engines');
    await expect(message).toContainText('Do you ship to Lisbon?');
    await expect(message.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute('href', 'mailto:ada@example.com');
    await expect(row).not.toContainText('Unread');
    const stored = await api.get<FormSubmission[]>(`/api/form-submissions?q=${encodeURIComponent(sender)}`);
    expect(stored.map((item) => item.read)).toEqual([true]);

    // Delete asks first; Cancel keeps it.
    await row.getByRole('button', { name: `Delete message from ${sender}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Message' });
    await expect(dialog).toContainText(sender);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Delete message from ${sender}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    await expect(message).toHaveCount(0);
    expect(await api.get<FormSubmission[]>(`/api/form-submissions?q=${encodeURIComponent(sender)}`)).toEqual([]);
  } finally {
    await api.remove(`/api/pages/${sitePage.id}`);
  }
});
