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
      trustProxy: true,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ MAX_VIDEO_MB: '-1' }, 'MAX_VIDEO_MB'],
  ])('stops on a bad value and names the variable (%o)', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}: `));
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: '' }).databaseUrl).toBeUndefined();
  });
});
