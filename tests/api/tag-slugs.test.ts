import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { startTestApp, createTestEnv, type TestApp } from '../helpers/test-app';
import { openDatabase } from '../../src/server/db/database';
import * as initial from '../../src/server/db/migrations/2026-11-21-0001-initial';
import * as tagSlugs from '../../src/server/db/migrations/2026-11-23-0101-list-indexes-and-tag-slugs';
import { aTag } from '../helpers/factories';

describe('tag slugs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const create = async (title: string) => {
    const response = await t.asAdmin({ method: 'POST', url: '/api/tags', payload: aTag({ title }) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; title: string; slug: string };
  };

  it('makes the slug from the title with the category slug rule, unique, and returns it in every answer', async () => {
    const tag = await create('  Color Theory & Light_Basics ');
    expect(tag.slug).toBe('color-theory-light-basics');
    expect((await t.app.inject({ method: 'GET', url: `/api/tags/${tag.id}` })).json().data).toEqual(tag);
    expect((await t.app.inject({ method: 'GET', url: '/api/tags' })).json().data).toContainEqual(tag);
    expect((await t.app.inject({ method: 'GET', url: '/api/tags?limit=10' })).json().data).toContainEqual(tag);

    const c = await create('C');
    const cPlus = await create('C++');
    const cSharp = await create('C#');
    expect([c.slug, cPlus.slug, cSharp.slug]).toEqual(['c', 'c-2', 'c-3']);
    expect((await create('!!!')).slug).toBe('tag');
  });

  it('follows the title on update, keeping the slug when only the case or punctuation changes', async () => {
    const tag = await create('Figma');
    const recased = await t.asAdmin({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: { title: 'FIGMA!' } });
    expect(recased.json().data).toEqual({ id: tag.id, title: 'FIGMA!', slug: 'figma' });
    const renamed = await t.asAdmin({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: { title: 'Figma Pro' } });
    expect(renamed.json().data).toEqual({ id: tag.id, title: 'Figma Pro', slug: 'figma-pro' });
    // Renaming onto another tag's slug base picks the next free one.
    const other = await create('Sketch');
    const clash = await t.asAdmin({ method: 'PUT', url: `/api/tags/${other.id}`, payload: { title: 'Figma-Pro' } });
    expect(clash.statusCode).toBe(200);
    expect(clash.json().data.slug).toBe('figma-pro-2');
  });

  it('backfills slugs of existing tags when the migration runs', async () => {
    const env = await createTestEnv();
    const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    try {
      const migrations: Record<string, Migration> = {
        '2026-11-21-0001-initial': initial,
        '2026-11-23-0101-list-indexes-and-tag-slugs': tagSlugs,
      };
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('2026-11-21-0001-initial')).error).toBeUndefined();
      // The row shape before the migration: no slug column yet.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema of their day, not today's types
      const old = database.db as unknown as Kysely<any>;
      const rows: [string, string, string][] = [['t1', 'Procreate', '1'], ['t2', 'After Effects', '2'], ['t3', 'after-effects', '3'], ['t4', '???', '4']];
      for (const [id, title, at] of rows) {
        await old.insertInto('tags').values({ id, title, title_key: title.toLowerCase() + id, created_at: `2026-01-0${at}T00:00:00.000Z` }).execute();
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const slugs = await database.db.selectFrom('tags').select(['id', 'slug']).orderBy('id').execute();
      expect(slugs).toEqual([
        { id: 't1', slug: 'procreate' },
        { id: 't2', slug: 'after-effects' },
        { id: 't3', slug: 'after-effects-2' },
        { id: 't4', slug: 'tag' },
      ]);
    } finally {
      await database.close();
      await env.destroy();
    }
  });
});
