import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';

/**
 * Secrets the site must read back (the TOTP secret) are stored sealed with
 * AES-256-GCM under a key that is never in the database: ENCRYPTION_KEY, or a
 * key file beside the data directory made on first need with mode 0600. A
 * copy of the database or a backup alone cannot open them
 * (docs/decisions/050-backups-without-keys.md).
 */
export type SecretsKeySource = { configured: Buffer | undefined; keyFile: string };

const SEALED = 'sealed:v1:';
const KEY_FILE_TEXT = /^[0-9a-f]{64}$/;

/** `./data` keeps its key in `./data.key`: beside the folder, so copying the folder does not copy the key. */
export const keyFileFor = (dataDir: string) => `${path.resolve(dataDir)}.key`;

const sources = new WeakMap<Db, SecretsKeySource>();
const keys = new WeakMap<Db, Promise<Buffer>>();

/** Start-up: where this database's sealed secrets find their key. */
export function setSecretsKeySource(db: Db, source: SecretsKeySource): void {
  sources.set(db, source);
  keys.delete(db);
}

function keyFor(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    const source = sources.get(db);
    if (!source) return Promise.reject(new Error('No encryption key is set up for this database (setSecretsKeySource was not called)'));
    key = source.configured ? Promise.resolve(source.configured) : readOrCreateKeyFile(source.keyFile);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

async function readKeyFile(file: string): Promise<Buffer> {
  const text = (await fs.promises.readFile(file, 'utf8')).trim();
  if (!KEY_FILE_TEXT.test(text)) throw new Error(`The key file ${file} is not 64 hex digits; restore it from where you keep it, or set ENCRYPTION_KEY`);
  return Buffer.from(text, 'hex');
}

/** Written under another name and linked into place: of several processes starting together, one key wins and all read it. */
async function readOrCreateKeyFile(file: string): Promise<Buffer> {
  try {
    return await readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.promises.writeFile(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.promises.link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.promises.rm(draft, { force: true });
  }
  return readKeyFile(file);
}

export const isSealed = (stored: string) => stored.startsWith(SEALED);

/** `name` is bound into the seal: a sealed value copied under another setting's name does not open. */
export async function sealSecret(db: Db, name: string, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyFor(db), iv);
  cipher.setAAD(Buffer.from(name));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${SEALED}${[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')}`;
}

/** The plain secret; a value stored before sealing existed is read as it is (start-up seals it). */
export async function openSecret(db: Db, name: string, stored: string): Promise<string> {
  if (!isSealed(stored)) return stored;
  const [iv = '', tag = '', body = ''] = stored.slice(SEALED.length).split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', await keyFor(db), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(name));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch (error) {
    if ((error as Error).message.startsWith('No encryption key')) throw error;
    throw new Error(`The stored ${name} does not open with this site's encryption key (ENCRYPTION_KEY or the key file): was the key changed?`);
  }
}

/**
 * Start-up: values stored in the clear by an older version are sealed in
 * place (compare-and-set, so copies starting together agree). Answers the
 * names of sealed values this site's key does not open: two-factor sign-in
 * cannot work until the key that sealed them is back.
 */
export async function sealStoredSecrets(db: Db, names: readonly string[]): Promise<{ sealed: number; unreadable: string[] }> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [...names]).execute();
  let sealed = 0;
  const unreadable: string[] = [];
  for (const row of rows) {
    if (isSealed(row.value)) {
      await openSecret(db, row.key, row.value).catch(() => unreadable.push(row.key));
      continue;
    }
    const value = await sealSecret(db, row.key, row.value);
    const result = await db.updateTable('settings').set({ value }).where('key', '=', row.key).where('value', '=', row.value).executeTakeFirst();
    sealed += Number(result.numUpdatedRows);
  }
  return { sealed, unreadable };
}
