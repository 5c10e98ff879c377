import { E2E_ADMIN_PASSWORD } from '../../../playwright.config';
import type { Page } from '@playwright/test';
import { abortApi, expect, failApi, test } from './fixtures';

const storage = (page: Page) =>
  page.evaluate(() => ({
    localToken: localStorage.getItem('admin-token'),
    localAuth: localStorage.getItem('admin-auth'),
    sessionToken: sessionStorage.getItem('admin-token'),
    sessionAuth: sessionStorage.getItem('admin-auth'),
    redirectHome: localStorage.getItem('logout-redirect-home'),
  }));

async function signIn(page: Page, remember: boolean) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

async function logOut(page: Page, redirectHome: boolean) {
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Are you sure you want to logout from the admin panel?')).toBeVisible();
  await dialog.getByLabel('Redirect to homepage after logout').setChecked(redirectHome);
  await dialog.getByRole('button', { name: 'Logout' }).click();
}

test('without Remember me the token lives in sessionStorage; logout without redirect reloads to the login screen', async ({ page, request }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('admin-token', 'stale');
    localStorage.setItem('admin-auth', 'true');
  });
  // The stale persistent token fails verification and is forgotten.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect((await storage(page)).localToken).toBeNull();

  await signIn(page, false);
  const stored = await storage(page);
  expect(stored.sessionToken).toBeTruthy();
  expect(stored.sessionAuth).toBe('true');
  expect(stored.localToken).toBeNull();
  expect(stored.localAuth).toBeNull();

  // A reload in the same tab keeps the session.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await logOut(page, false);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const after = await storage(page);
  expect(after.sessionToken).toBeNull();
  expect(after.redirectHome).not.toBe('true');
  // The server revoked the token.
  const verify = await request.post('/api/auth/verify', { headers: { Authorization: `Bearer ${stored.sessionToken}` } });
  expect(verify.status()).toBe(401);
});

test('with Remember me the token is persistent; logout with redirect goes to the homepage and the choice is remembered', async ({ page, request }) => {
  await signIn(page, true);
  const stored = await storage(page);
  expect(stored.localToken).toBeTruthy();
  expect(stored.localAuth).toBe('true');
  expect(stored.sessionToken).toBeNull();

  // /admin opens the dashboard (the spec lets the index be one); the sidebar has every entry.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const name of ['Homepage', 'About', 'Products', 'Categories', 'Subscribers', 'Theme', 'Visit Website']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Visit Website' })).toHaveAttribute('href', '/');
  await nav.getByRole('link', { name: 'Subscribers' }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers$/);
  await expect(page.getByRole('heading', { name: 'Newsletter Subscribers' })).toBeVisible();

  await logOut(page, true);
  await expect(page).toHaveURL(/\/$/);
  const after = await storage(page);
  expect(after.localToken).toBeNull();
  expect(after.localAuth).toBeNull();
  expect(after.redirectHome).toBe('true');
  const verify = await request.post('/api/auth/verify', { headers: { Authorization: `Bearer ${stored.localToken}` } });
  expect(verify.status()).toBe(401);

  // The remembered choice is ticked next time.
  await signIn(page, false);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Logout' }).getByLabel('Redirect to homepage after logout')).toBeChecked();
  await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Logout' })).toBeHidden();
});

test('a wrong password shows the server error and stays on the login screen', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('login: "Signing in..." while busy, the server error, "Invalid credentials" without one, and the exception text', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Password').fill('whatever');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await held;
    await route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Too many failed login attempts. Try again in 30 seconds.' }) });
  });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  release();
  await expect(page.getByRole('alert')).toHaveText('Too many failed login attempts. Try again in 30 seconds.');

  await page.unroute('**/api/auth/login');
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 401, contentType: 'text/plain', body: 'nope' }));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');

  await page.unroute('**/api/auth/login');
  await abortApi(page, '**/api/auth/login', 'POST');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please try again.');
});

test('a session that expires mid-way sends the admin back to the login screen', async ({ page }) => {
  await signIn(page, false);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Homepage', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Homepage Hero' })).toBeVisible();
  await failApi(page, '**/api/homepage', 'PUT', 401, 'Invalid or expired token');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect((await storage(page)).sessionToken).toBeNull();
});

test('signing in without Remember me clears persistent copies left from before', async ({ page }) => {
  // The server could not verify the remembered token at start (it was unreachable), so the token is kept...
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('admin-token', 'left-from-before');
    localStorage.setItem('admin-auth', 'true');
  });
  await abortApi(page, '**/api/auth/verify', 'POST');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect((await storage(page)).localToken).toBe('left-from-before');
  await page.unroute('**/api/auth/verify');

  // ...until a session-only sign-in replaces it.
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const stored = await storage(page);
  expect(stored.localToken).toBeNull();
  expect(stored.localAuth).toBeNull();
  expect(stored.sessionToken).toBeTruthy();
  expect(stored.sessionAuth).toBe('true');
});
