import { createHmac } from 'node:crypto';
import { startWebhookReceiver } from '../../helpers/webhook-receiver';
import { expect, openAdmin, test } from './fixtures';

/** Issue 30: the owner adds a webhook endpoint, sees its secret once, sends a test and reads it in the log. */
test('an endpoint added on the Integrations screen gets a signed test ping, shown in its delivery log', async ({ adminPage: page }) => {
  const receiver = await startWebhookReceiver();
  try {
    await openAdmin(page, '/admin/integrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Add endpoint' });
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByLabel('Description').fill('Local receiver');
    await form.getByRole('checkbox', { name: 'product.created' }).check();
    await form.getByRole('button', { name: 'Add Endpoint' }).click();

    // The secret, once, with its warning.
    const secretBox = page.getByRole('region', { name: 'Signing secret' });
    await expect(secretBox.getByText('it will not be shown again')).toBeVisible();
    const secret = (await secretBox.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(10);
    await secretBox.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('region', { name: 'Signing secret' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('cell', { name: receiver.url }).first()).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    await page.getByRole('button', { name: `Send test to ${receiver.url}` }).click();
    const [hook] = await receiver.waitFor(1);
    const body = JSON.parse(hook!.body) as { type?: string; event?: string };
    expect(body.type ?? body.event).toBe('ping');
    const signature = String(hook!.headers['x-showcase-signature']);
    const match = /t=(\d+),v1=([0-9a-f]+)/.exec(signature);
    expect(match).not.toBeNull();
    expect(match![2]).toBe(createHmac('sha256', secret).update(`${match![1]}.${hook!.body}`).digest('hex'));

    const log = page.getByRole('region', { name: `Deliveries to ${receiver.url}` });
    await expect(log.getByRole('cell', { name: 'ping', exact: true })).toBeVisible();
    await expect(log.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await log.getByRole('button', { name: 'Send ping again' }).click();
    await receiver.waitFor(2);

    // Delete with a confirmation.
    await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await page.getByRole('dialog', { name: 'Delete Endpoint' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('cell', { name: receiver.url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
