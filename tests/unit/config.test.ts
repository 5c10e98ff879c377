import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.mediaDir).toBe(path.resolve('./data/uploads'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.maxImageBytes).toBe(15 * 1024 * 1024);
    expect(config.maxVideoBytes).toBe(300 * 1024 * 1024);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/showcase-x',
      DATABASE_URL: 'postgres://u@db:5432/showcase',
      ADMIN_PASSWORD: 'a-long-password',
      PUBLIC_URL: 'https://shop.example.com/',
      SEED_DEMO: 'false',
      MAX_IMAGE_MB: '2',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/showcase-x',
      databaseUrl: 'postgres://u@db:5432/showcase',
      adminPassword: 'a-long-password',
      publicUrl: 'https://shop.example.com',
      seedDemo: false,
      maxImageBytes: 2 * 1024 * 1024,
      // `true` trusts one proxy (the load balancer), never every hop.
      trustProxy: 1,
    });
  });

  it.each([
    ['false', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.0.0.1, 192.168.0.0/16,loopback', ['10.0.0.1', '192.168.0.0/16', 'loopback']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s as hops or proxy addresses', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['everyone', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', '-1'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be false, true/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'eleven-char' }, 'ADMIN_PASSWORD'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ MAX_VIDEO_MB: '-1' }, 'MAX_VIDEO_MB'],
  ])('stops on a bad value and names the variable (%o)', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}: `));
  });

  it('keeps media on local disk without S3_BUCKET, and reads the bucket settings with it', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const s3 = { S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: '',
    });
    expect(loadConfig({ ...s3, S3_REGION: 'eu-west-3', S3_PREFIX: 'site/media' }).s3).toMatchObject({ region: 'eu-west-3', prefix: 'site/media/' });
  });

  it.each([
    [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_SECRET_ACCESS_KEY: 's' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
  ])('stops when S3_BUCKET is set without what it needs, naming the missing variable (%o)', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`${variable}: is required when S3_BUCKET is set`);
  });

  it.each([
    [{ S3_BUCKET: 'Not A Bucket' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'ftp://files.example.com' }, 'S3_ENDPOINT'],
    [{ S3_PREFIX: '../other' }, 'S3_PREFIX'],
    [{ S3_PREFIX: '/media' }, 'S3_PREFIX'],
  ])('stops on a bad S3 value and names it (%o)', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}: `));
  });

  it('turns newsletter mail and the provider webhook on only together with what they need', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({}).newsletterWebhook).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail.example:587', MAIL_FROM: 'Shop <news@example.com>' }).mail).toEqual({
      smtpUrl: 'smtp://u:p@mail.example:587',
      from: 'Shop <news@example.com>',
    });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example' })).toThrow('MAIL_FROM: is required when SMTP_URL is set');
    expect(() => loadConfig({ MAIL_FROM: 'news@example.com' })).toThrow('SMTP_URL: is required when MAIL_FROM is set');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'news@example.com' })).toThrow(/SMTP_URL: /);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM: /);
    const hook = { NEWSLETTER_WEBHOOK_URL: 'https://esp.example/hook', NEWSLETTER_WEBHOOK_SECRET: 'a-long-enough-secret' };
    expect(loadConfig(hook).newsletterWebhook).toEqual({ url: 'https://esp.example/hook', secret: 'a-long-enough-secret' });
    expect(() => loadConfig({ NEWSLETTER_WEBHOOK_URL: hook.NEWSLETTER_WEBHOOK_URL })).toThrow('NEWSLETTER_WEBHOOK_SECRET: is required');
    expect(() => loadConfig({ ...hook, NEWSLETTER_WEBHOOK_SECRET: 'short' })).toThrow(/NEWSLETTER_WEBHOOK_SECRET: /);
    expect(loadConfig({ SUBSCRIBE_LIMIT_PER_ADDRESS: '3' }).subscribeLimits.perAddressPerHour).toBe(3);
    expect(loadConfig({}).subscribeLimits.perAddressPerHour).toBe(5);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: '' }).databaseUrl).toBeUndefined();
  });

  it('runs one worker per available core unless WEB_CONCURRENCY says otherwise, and names a bad value', async () => {
    const os = await import('node:os');
    expect(loadConfig({}).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    for (const value of ['0', 'two', '1.5', '-1']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: value }), value).toThrow(/WEB_CONCURRENCY: must/);
    }
  });

  it('reads BACKUP_KEY and ENCRYPTION_KEY, both optional, and names a weak or malformed one', () => {
    expect(loadConfig({}).backupKey).toBeUndefined();
    expect(loadConfig({}).encryptionKey).toBeUndefined();
    expect(loadConfig({ BACKUP_KEY: 'b'.repeat(32) }).backupKey).toBe('b'.repeat(32));
    expect(() => loadConfig({ BACKUP_KEY: 'short' })).toThrow(/BACKUP_KEY: must be at least 32 characters/);
    const hex = 'a1'.repeat(32);
    expect(loadConfig({ ENCRYPTION_KEY: hex }).encryptionKey).toEqual(Buffer.from(hex, 'hex'));
    for (const value of ['a1'.repeat(31), 'z'.repeat(64), 'secret']) {
      expect(() => loadConfig({ ENCRYPTION_KEY: value }), value).toThrow(/ENCRYPTION_KEY: must be 64 hex digits/);
    }
  });
});
