import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_KEYS, storedSecret } from '../../src/server/content/stored-secret';
import { keyFileFor } from '../../src/server/content/secret-box';
import { restoreBackup } from '../../src/server/modules/backup/restore-backup';
import { writeBackup } from '../../src/server/modules/backup/write-backup';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app';
import { backupTarget, readArchive, withTable, writeArchive } from '../helpers/backup-archive';
import { rfc6238 } from '../helpers/totp';
import { aTag } from '../helpers/factories';

// Issue 23: a backup held the TOTP secret in plain text and the keys that sign device cookies,
// preview links and newsletter links; with the device key, forged cookies dodged the login throttle.
describe('backups hold no keys to the house', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'showcase-backup-secrets-'));
  const apps: TestApp[] = [];
  let source: TestApp;
  let archive: string;
  let totpSecret: string;
  const start = async (overrides: Record<string, string> = {}) => {
    const t = await startTestApp(overrides);
    apps.push(t);
    return t;
  };
  const setting = async (t: TestApp, key: string) =>
    (await t.app.ctx.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

  beforeAll(async () => {
    source = await start();
    await source.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title: 'Kept' }) });
    // Every signing key exists, as on a site that has signed cookies, previews and newsletter links.
    for (const key of SIGNING_KEYS) await storedSecret(source.app.ctx.db, key);
    totpSecret = (await source.asAdmin({ method: 'POST', url: '/api/auth/2fa/setup' })).json().data.secret;
    expect((await source.asAdmin({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: rfc6238(totpSecret) } })).statusCode).toBe(200);
    archive = path.join(work, 'source.tar.gz');
    await writeBackup(backupTarget(source), fs.createWriteStream(archive));
  }, 60_000);

  afterAll(async () => {
    for (const t of apps) await t.close().catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('stores the TOTP secret sealed with a key kept beside the data directory (mode 0600), not in the database', async () => {
    const stored = (await setting(source, 'admin_totp_secret'))!;
    expect(stored).toMatch(/^sealed:v1:/);
    expect(stored).not.toContain(totpSecret);
    const keyFile = keyFileFor(source.env.dataDir);
    expect(path.dirname(keyFile)).toBe(path.dirname(source.env.dataDir));
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    const settings = await source.app.ctx.db.selectFrom('settings').select('value').execute();
    expect(settings.some((row) => row.value.includes(key))).toBe(false);
  });

  it('writes no signing key, password hash, second-factor secret or recovery code into an archive', async () => {
    const entries = await readArchive(archive);
    const text = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    for (const key of SIGNING_KEYS) {
      expect(text, key).not.toContain(key);
      expect(text, key).not.toContain((await setting(source, key))!);
    }
    expect(text).not.toContain('admin_password_hash');
    expect(text).not.toContain((await setting(source, 'admin_password_hash'))!);
    expect(text).not.toContain(totpSecret);
    expect(text).not.toContain('admin_totp');
    expect([...entries.keys()].filter((name) => /recovery_codes|sessions|login_attempts/.test(name))).toEqual([]);
    // The content is there all the same.
    expect(text).toContain('Kept');
  });

  it('seals a plaintext secret left by an older version at start, with ENCRYPTION_KEY when it is set', async () => {
    const encryptionKey = randomBytes(32).toString('hex');
    const site = await start({ ENCRYPTION_KEY: encryptionKey });
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await site.app.ctx.db.insertInto('settings').values({ key: 'admin_totp_secret', value: secret, updated_at: new Date().toISOString() }).execute();
    await site.restart();
    const stored = (await setting(site, 'admin_totp_secret'))!;
    expect(stored).toMatch(/^sealed:v1:/);
    expect(stored).not.toContain(secret);
    expect(fs.existsSync(keyFileFor(site.env.dataDir))).toBe(false);
    const login = await site.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: ADMIN_PASSWORD, code: rfc6238(secret) } });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('makes signing keys anew on restore: cookies forged with a key from an old archive get 429 like anyone', async () => {
    // An archive as older versions wrote it, with the device key in its settings.
    const leakedKey = (await setting(source, 'device_cookie_secret'))!;
    const entries = await readArchive(archive);
    withTable(entries, 'settings', (rows) => rows.push({ key: 'device_cookie_secret', value: leakedKey, updated_at: new Date().toISOString(), version: 1 }));
    const legacy = path.join(work, 'legacy.tar.gz');
    await writeArchive(entries, legacy);

    const site = await start();
    const ownKeyBefore = Buffer.from(await storedSecret(site.app.ctx.db, 'device_cookie_secret')).toString('base64url');
    await restoreBackup(legacy, backupTarget(site), { force: false });
    const keyAfter = Buffer.from(await storedSecret(site.app.ctx.db, 'device_cookie_secret')).toString('base64url');
    expect(keyAfter).not.toBe(leakedKey);
    expect(keyAfter).not.toBe(ownKeyBefore);

    const forged = (key: string) => {
      const id = randomBytes(16).toString('base64url');
      return `showcase_device=${id}.${createHmac('sha256', Buffer.from(key, 'base64url')).update(id).digest('base64url')}`;
    };
    for (const key of [leakedKey, ownKeyBefore]) {
      const statuses: number[] = [];
      const remoteAddress = key === leakedKey ? '10.23.0.1' : '10.23.0.2';
      for (let attempt = 0; attempt < 12; attempt++) {
        const response = await site.app.inject({
          method: 'POST', url: '/api/auth/login', remoteAddress, headers: { cookie: forged(key) }, payload: { password: 'wrong-password-guess' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.at(-1), statuses.join(' ')).toBe(429);
    }
  }, 60_000);

  it('records the backup download in the audit log when it starts, before the archive is read', async () => {
    const token = await source.token();
    const before = await source.app.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'backup.download').execute();
    const address = await source.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${address}/api/backup`, { headers: { authorization: `Bearer ${token}` } }, resolve).on('error', reject);
    });
    // Headers are in, not one byte of the body has been read.
    expect(response.statusCode).toBe(200);
    const after = await source.app.ctx.db.selectFrom('audit_log').select(['id', 'ip', 'summary']).where('action', '=', 'backup.download').execute();
    response.destroy();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.ip).toBe('127.0.0.1');
  });
});
