import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { startBuiltServer, type BuiltServer } from '../../helpers/built-server';
import { TcpProxy } from '../../helpers/tcp-proxy';
import { SAVE_WHEN_BACK_TEXT } from '../../../src/web/admin/lib/database-away';

/**
 * The admin while the database is away (decision 061): this spec starts its own built server on
 * PostgreSQL reached through a TCP proxy it cuts (the shared e2e servers run on SQLite, whose file
 * cannot be taken away from a running server). A save made meanwhile is kept and goes through by
 * itself, once, when the health check says the database is back.
 */
const PASSWORD = 'database-away-e2e-password';
const POSTGRES = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let server: BuiltServer | undefined;
let proxy: TcpProxy | undefined;
let dataDir: string | undefined;
const database = `showcase_away_${process.pid}_${Date.now().toString(36)}`;

async function admin<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  // A primary and its workers start beside the shared test servers: slow on a busy machine.
  test.setTimeout(180_000);
  await admin(`create database ${database}`);
  const target = new URL(POSTGRES);
  proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-away-e2e-'));
  server = await startBuiltServer({ DATABASE_URL: proxy.url(url.toString()), DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD }, { startTimeoutMs: 150_000 });
});

test.afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await admin(`drop database if exists ${database} with (force)`).catch(() => {});
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a save made while the database is away waits, then goes through once by itself when it is back', async ({ page }) => {
  test.setTimeout(60_000);
  const base = server!.baseUrl;
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: PASSWORD }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await page.addInitScript((value) => {
    window.localStorage.setItem('admin-token', value);
    window.localStorage.setItem('admin-auth', 'true');
  }, token);
  const saves: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/about') saves.push(response.status());
  });

  await page.goto(`${base}/admin/about`);
  const editor = page.getByRole('region', { name: 'Content' }).getByRole('textbox', { name: 'Content' });
  await expect(editor).toBeVisible();
  const sentence = `Written while the database was away ${Date.now().toString(36)}`;
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(sentence);

  proxy!.cut();
  const banner = page.getByRole('status').filter({ hasText: 'The database cannot be reached right now' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: SAVE_WHEN_BACK_TEXT })).toBeVisible({ timeout: 15_000 });
  expect(saves).toEqual([503]);
  // What was typed stays on screen while it waits.
  await expect(editor).toContainText(sentence);

  proxy!.restore();
  await expect(page.getByRole('button', { name: 'Saved' }).first()).toBeVisible({ timeout: 20_000 });
  await expect(banner).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: SAVE_WHEN_BACK_TEXT })).toBeHidden();
  // Sent again exactly once, and stored.
  expect(saves).toEqual([503, 200]);
  const about = await (await fetch(`${base}/api/about`)).json();
  expect(JSON.stringify(about)).toContain(sentence);
  await page.waitForTimeout(2_500);
  expect(saves).toEqual([503, 200]);
});
