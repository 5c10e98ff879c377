import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { CONTENT_TYPES, type ContentType, type ContentTypeName } from '../../src/server/content/types';
import { write } from '../../src/server/content/write';
import type { ContentChange, Writer } from '../../src/server/content/changes';
import { rebuildMediaUsages } from '../../src/server/content/effects/media-usages';
import { describeUsages, findUsages } from '../../src/server/modules/media/media-usage';

/**
 * A content type is declared once (decision 056): a new one, declared here in
 * the table and nowhere else, gets its audit entry, its revision, its
 * media-usage rows and its announcement from the write unit, and shows in
 * "where used", with no other file knowing of it.
 */
describe(`a content type declared in one place (${testDatabaseKind})`, () => {
  let t: TestApp;
  const seen: ContentChange[] = [];
  const types = CONTENT_TYPES as Record<string, ContentType>;
  const NOTE = 'note' as ContentTypeName;

  beforeAll(async () => {
    t = await startTestApp();
    t.app.ctx.contentEvents.on('change', (change) => seen.push(change));
    // The new type's own table, as its migration would make it.
    await t.app.ctx.db.schema
      .createTable('notes')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    // The one declaration.
    types.note = { store: { table: 'notes' as 'products' }, label: 'Note', plural: 'notes', revisioned: true, media: ['body'] };
  });
  afterAll(async () => {
    delete types.note;
    await t.close();
  });

  const writer = (): Writer => ({ db: t.app.ctx.db, events: t.app.ctx.contentEvents, actor: { kind: 'admin', ip: '10.0.0.7' } });
  const notes = () => t.app.ctx.db.selectFrom('notes' as 'products').selectAll();

  it('a write of it leaves its audit entry, revision and media usage, and is announced once', async () => {
    const id = randomUUID();
    const note = { id, title: 'Opening hours', body: '<p><img src="/uploads/hours.png"></p>' };
    const saved = await write(writer(), { type: NOTE, action: 'create', id }, async (trx) => {
      await trx.insertInto('notes' as 'products').values(note as never).execute();
      return { result: note, before: null, after: note };
    });
    expect(saved).toEqual(note);
    expect(seen.map((change) => `${change.entity}.${change.action} ${change.id}`)).toEqual([`note.create ${id}`]);

    const db = t.app.ctx.db;
    const audit = await db.selectFrom('audit_log').selectAll().where('target_id', '=', id).execute();
    expect(audit).toMatchObject([{ action: 'note.create', target_type: 'note', summary: 'Created note "Opening hours"', ip: '10.0.0.7' }]);
    const revisions = await db.selectFrom('revisions').selectAll().where('item_id', '=', id).execute();
    expect(revisions).toMatchObject([{ entity: 'note', summary: 'Created' }]);
    expect(JSON.parse(revisions[0]!.snapshot)).toEqual(note);

    const usages = (await findUsages(db, ['/uploads/hours.png'])).get('/uploads/hours.png')!;
    expect(usages).toEqual([{ kind: 'note', id, title: 'Opening hours' }]);
    expect(describeUsages(usages)).toBe('Note “Opening hours”');
    // A rebuild (after a restore) finds it too.
    await rebuildMediaUsages(db);
    expect((await findUsages(db, ['/uploads/hours.png'])).get('/uploads/hours.png')).toEqual(usages);
  });

  it('a write of it that fails in its own work leaves nothing and announces nothing', async () => {
    const before = { notes: (await notes().execute()).length, seen: seen.length };
    const id = randomUUID();
    await expect(
      write(writer(), { type: NOTE, action: 'create', id }, async (trx) => {
        await trx.insertInto('notes' as 'products').values({ id, title: 'Half done', body: '/uploads/half.png' } as never).execute();
        throw new Error('the service refused half-way');
      }),
    ).rejects.toThrow('the service refused half-way');
    expect((await notes().execute()).length).toBe(before.notes);
    expect(seen.length).toBe(before.seen);
    const db = t.app.ctx.db;
    expect(await db.selectFrom('audit_log').select('id').where('target_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('revisions').select('id').where('item_id', '=', id).execute()).toEqual([]);
    expect((await findUsages(db, ['/uploads/half.png'])).get('/uploads/half.png')).toEqual([]);
  });
});
