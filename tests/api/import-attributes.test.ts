import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKind, type TestApp } from '../helpers/test-app';
import { aProduct } from '../helpers/factories';

/** Issue 31 with issue 28's attributes: exported with the products, imported back, read from shop files; unknown columns mapped. */
const SHOP = 'https://shop.example.com';
const SHOWCASE_HEADER = 'slug,title,description,duration,categories,tags,edition,price,currency,compareAtPrice,saleEndsAt,availability,buyLink,mainImage,gallery,seoTitle,seoDescription';

function importForm(file: string, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

// Two tests start empty sites of their own to import into: on PostgreSQL under load that takes tens of seconds.
describe(`import and export of attributes (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const post = (app: TestApp, query: string, form: FormData) => app.asAdmin({ method: 'POST', url: `/api/import${query}`, payload: form });
  const bySlug = async (app: TestApp, slug: string) => (await app.asAdmin({ url: `/api/products/slug/${slug}` })).json().data;
  const attributes = async (app: TestApp) => (await app.asAdmin({ url: '/api/attributes' })).json().data as Array<{ id: string; slug: string; name: string; type: string; values: string[]; filter: boolean; unit: string | null }>;

  it('exports definitions and values (CSV columns, JSON), and export → import into an empty site → export gives the same files and definitions', async () => {
    for (const input of [
      // Intermediate: a value no product uses, kept by both files.
      { name: 'Level', slug: 'level', type: 'choice', values: ['Beginner', 'Intermediate', 'Advanced'], filter: true },
      { name: 'Hours', slug: 'hours', type: 'number', unit: 'h' },
      { name: 'Certificate', slug: 'certificate', type: 'boolean' },
    ]) {
      const created = await t.asAdmin({ method: 'POST', url: '/api/attributes', payload: input });
      expect(created.statusCode, created.body).toBe(201);
    }
    const products = [
      aProduct({ slug: 'with-all', title: 'With all', price: 10, currency: 'EUR', attributes: { level: 'Advanced', hours: 12.5, certificate: true } }),
      aProduct({ slug: 'with-some', title: 'With some', attributes: { level: 'beginner', certificate: false } }),
      aProduct({ slug: 'with-none', title: 'With none' }),
    ];
    for (const product of products) expect((await t.asAdmin({ method: 'POST', url: '/api/products', payload: product })).statusCode).toBe(201);

    const csv = (await t.asAdmin({ url: '/api/export/products.csv' })).body;
    const lines = csv.split('\r\n');
    // Each attribute's header cell carries its definition (decision 079); the rows hold values only.
    expect(lines[0]).toBe(`${SHOWCASE_HEADER},attribute:level (Level; choice; values: Beginner|Intermediate|Advanced; filter),attribute:hours (Hours; number; unit: h),attribute:certificate (Certificate; boolean)`);
    expect(lines.find((line) => line.startsWith('with-all,'))).toMatch(/,Advanced,12\.5,true$/);
    expect(lines.find((line) => line.startsWith('with-some,'))).toMatch(/,Beginner,,false$/);
    expect(lines.find((line) => line.startsWith('with-none,'))).toMatch(/,,,$/);
    const json = (await t.asAdmin({ url: '/api/export/catalogue.json' })).json();
    expect(json.attributes).toEqual([
      { name: 'Level', slug: 'level', type: 'choice', values: ['Beginner', 'Intermediate', 'Advanced'], unit: null, filter: true },
      { name: 'Hours', slug: 'hours', type: 'number', values: [], unit: 'h', filter: false },
      { name: 'Certificate', slug: 'certificate', type: 'boolean', values: [], unit: null, filter: false },
    ]);
    expect(json.products.find((p: { slug: string }) => p.slug === 'with-all').attributes).toEqual({ level: 'Advanced', hours: 12.5, certificate: true });

    // The same file again changes nothing.
    expect((await post(t, '?dryRun=false', importForm(csv, 'products.csv'))).json().data).toEqual({ dialect: 'showcase', created: 0, updated: 0, unchanged: 3, errors: [] });

    const fromCsv = await startTestApp();
    try {
      const imported = await post(fromCsv, '?dryRun=false', importForm(csv, 'products.csv'));
      expect(imported.json().data, imported.body).toEqual({ dialect: 'showcase', created: 3, updated: 0, unchanged: 0, errors: [] });
      expect((await fromCsv.asAdmin({ url: '/api/export/products.csv' })).body).toBe(csv);
      // The definitions come back whole: name, type, unit, filter flag and a value no product uses.
      expect((await attributes(fromCsv)).map(({ id: _id, ...attribute }) => attribute)).toEqual(json.attributes);
      expect((await bySlug(fromCsv, 'with-all')).attributes).toEqual({ level: 'Advanced', hours: 12.5, certificate: true });
    } finally {
      await fromCsv.close();
    }
    const fromJson = await startTestApp();
    try {
      const imported = await post(fromJson, '?dryRun=false', importForm(JSON.stringify(json), 'catalogue.json'));
      expect(imported.json().data, imported.body).toEqual({ dialect: 'showcase', created: 3, updated: 0, unchanged: 0, errors: [] });
      const again = (await fromJson.asAdmin({ url: '/api/export/catalogue.json' })).json();
      expect({ attributes: again.attributes, products: again.products }).toEqual({ attributes: json.attributes, products: json.products });
    } finally {
      await fromJson.close();
    }
  });

  it('a CSV header cell’s definition: separators and unused attributes survive the round trip; one that cannot be read is an error of line 1', async () => {
    const source = await startTestApp();
    const target = await startTestApp();
    try {
      for (const input of [
        { name: 'Format; style', slug: 'format', type: 'choice', values: ['Online|live', 'In person; small group', 'Back\\slash'] },
        { name: 'Distance', slug: 'distance', type: 'number', unit: 'km; roughly', filter: true },
      ]) expect((await source.asAdmin({ method: 'POST', url: '/api/attributes', payload: input })).statusCode).toBe(201);
      const product = aProduct({ slug: 'separated', title: 'Separated', attributes: { format: 'In person; small group' } });
      expect((await source.asAdmin({ method: 'POST', url: '/api/products', payload: product })).statusCode).toBe(201);
      const csv = (await source.asAdmin({ url: '/api/export/products.csv' })).body;
      expect(csv.split('\r\n')[0]).toBe(
        `${SHOWCASE_HEADER},attribute:format (Format\\; style; choice; values: Online\\|live|In person\\; small group|Back\\\\slash),attribute:distance (Distance; number; unit: km\\; roughly; filter)`,
      );
      const imported = await post(target, '?dryRun=false&details=true', importForm(csv, 'products.csv'));
      expect(imported.json().data, imported.body).toMatchObject({ created: 1, errors: [], attributes: { created: 2, updated: 0 } });
      expect((await target.asAdmin({ url: '/api/export/products.csv' })).body).toBe(csv);
      const strip = (list: Awaited<ReturnType<typeof attributes>>) => list.map(({ id: _id, ...attribute }) => attribute);
      expect(strip(await attributes(target))).toEqual(strip(await attributes(source)));
      expect((await bySlug(target, 'separated')).attributes).toEqual({ format: 'In person; small group' });
    } finally {
      await source.close();
      await target.close();
    }

    const row = `unread,Unread,<p>x</p>,1 hour,,,,,,,,,${SHOP}/unread,/uploads/x.jpg,,,`;
    for (const [column, cell, message] of [
      ['attribute:pace (Pace; colour)', '', '“colour” is not an attribute type: choice, number or boolean'],
      ['attribute:pace (Pace; choice; values: Slow|Fast; sorted)', '', '“sorted” is not part of an attribute’s definition: unit: …, values: …|…, or filter'],
      ['attribute:pace (Pace; choice; values: Slow|Fast)', 'Brisk', 'Pace: “Brisk” is not one of Slow, Fast'],
    ] as const) {
      const refused = await post(t, '', importForm(`${SHOWCASE_HEADER},"${column}"\r\n${row},${cell}\r\n`, 'sheet.csv'));
      expect(refused.json().data.errors, column).toEqual([{ line: cell ? 2 : 1, column: cell ? 'attribute:pace' : column, message }]);
    }
  });

  it('a Showcase file: a blank cell clears a value, a value of the wrong type is an error of its line and column', async () => {
    const file = (level: string, hours: string) => `${SHOWCASE_HEADER},attribute:level,attribute:hours\r\nwith-some,With some,<p>x</p>,1 hour,,,,,,,,,${SHOP}/buy,/uploads/x.jpg,,,,${level},${hours}\r\n`;
    const bad = await post(t, '', importForm(file('Expert', 'many'), 'bad.csv'));
    expect(bad.json().data.errors).toEqual([{ line: 2, column: 'attribute:hours', message: 'Hours: “many” is not a number' }]);
    // A stored choice takes a new value (the attribute is updated in the import's write).
    const applied = await post(t, '?dryRun=false&details=true', importForm(file('Expert', ''), 'ok.csv'));
    expect(applied.json().data, applied.body).toMatchObject({ created: 0, updated: 1, errors: [], attributes: { created: 0, updated: 1 } });
    expect((await bySlug(t, 'with-some')).attributes).toEqual({ level: 'Expert', certificate: false });
    expect((await attributes(t)).find((a) => a.slug === 'level')?.values).toEqual(['Beginner', 'Intermediate', 'Advanced', 'Expert']);
  });

  it('WooCommerce: Attribute N name/value/visible/global as values, a global one created as a filter; a variation’s attribute and several values are not stored', async () => {
    const header = 'ID,Type,SKU,Name,Published,Short description,Description,In stock?,Regular price,Categories,Images,Parent,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Attribute 2 name,Attribute 2 value(s),Attribute 2 visible,Attribute 2 global';
    const file = (hours: string) =>
      [
        header,
        `40,simple,WHEEL,Wheel throwing,1,Two days,<p>Clay</p>,1,80,Workshops,https://cdn.example.com/wheel.jpg,,Skill,Intermediate,1,1,Hours,${hours},1,0`,
        '41,simple,GLAZE,Glazing,1,One day,<p>Glaze</p>,1,40,Workshops,https://cdn.example.com/glaze.jpg,,Skill,"Beginner, Intermediate",1,1,,,,',
        '50,variable,KILN,Kiln firing,1,Evenings,<p>Fire</p>,,,Workshops,https://cdn.example.com/kiln.jpg,,Mode,"Online, In person",1,1,Skill,Beginner,1,1',
        '51,variation,KILN-ON,Kiln firing - Online,1,,,1,30,,,id:50,Mode,Online,,,,,,',
        '52,variation,KILN-IP,Kiln firing - In person,1,,,1,60,,,id:50,Mode,In person,,,,,,',
      ].join('\r\n');
    // Hours is a number on this site (the test above): text is refused with its line and column.
    expect((await post(t, '', importForm(file('twelve'), 'wc.csv', { shopUrl: SHOP }))).json().data.errors).toEqual([{ line: 2, column: 'Attribute 2 value(s)', message: 'Hours: “twelve” is not a number' }]);

    const applied = await post(t, '?dryRun=false&details=true', importForm(file('12'), 'wc.csv', { shopUrl: SHOP }));
    expect(applied.json().data, applied.body).toMatchObject({ dialect: 'woocommerce', created: 3, errors: [], attributes: { created: 1, updated: 0 }, editions: { created: 4, updated: 0, removed: 0 } });
    const skill = (await attributes(t)).find((a) => a.slug === 'skill');
    expect(skill).toMatchObject({ name: 'Skill', type: 'choice', values: ['Intermediate', 'Beginner'], filter: true });
    expect((await bySlug(t, 'wheel')).attributes).toEqual({ skill: 'Intermediate', hours: 12 });
    expect((await bySlug(t, 'glaze')).attributes).toEqual({});
    expect((await bySlug(t, 'kiln')).attributes).toEqual({ skill: 'Beginner' });
    expect((await bySlug(t, 'kiln')).editions.map((edition: { name: string }) => edition.name)).toEqual(['Online', 'In person']);
    expect((await post(t, '?dryRun=false', importForm(file('12'), 'wc.csv', { shopUrl: SHOP }))).json().data).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  it('Shopify: a product metafield column is a value; options name the editions', async () => {
    const file = [
      'Handle,Title,Body (HTML),Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price,Image Src,Status,Course language (product.metafields.custom.language)',
      'sketching,Sketching,<p>Pencils</p>,Drawing,,TRUE,Format,Online,Skill,Beginner,25.00,https://cdn.example.com/sketch.jpg,active,English',
      'sketching,,,,,,,Live,,Beginner,45.00,,,',
    ].join('\n');
    const applied = await post(t, '?dryRun=false', importForm(file, 'products_export.csv', { shopUrl: SHOP }));
    expect(applied.json().data, applied.body).toEqual({ dialect: 'shopify', created: 1, updated: 0, unchanged: 0, errors: [] });
    const product = await bySlug(t, 'sketching');
    expect(product.attributes).toEqual({ 'course-language': 'English' });
    expect(product.editions.map((edition: { name: string }) => edition.name)).toEqual(['Online / Beginner', 'Live / Beginner']);
    expect((await attributes(t)).find((a) => a.slug === 'course-language')).toMatchObject({ name: 'Course language', type: 'choice', values: ['English'] });
  });

  it('unknown columns: the dry run names them; a mapping reads them as fields or attributes, or leaves them out', async () => {
    const file = ['slug,Name,description,duration,buyLink,mainImage,Language,Internal note', `mapped,Mapped course,<p>x</p>,1 hour,${SHOP}/mapped,/uploads/m.jpg,French,keep out`].join('\r\n');
    const dry = await post(t, '?format=showcase&details=true', importForm(file, 'sheet.csv'));
    expect(dry.json().data, dry.body).toMatchObject({ dialect: 'showcase', unknownColumns: ['Name', 'Language', 'Internal note'], errors: [{ line: 2, column: 'title', message: 'is required' }] });
    expect(dry.json().data.fields).toEqual(expect.arrayContaining(['title', 'price', 'seoTitle']));

    const mapping = JSON.stringify({ Name: 'title', Language: 'attribute:Language', 'Internal note': null });
    const applied = await post(t, '?format=showcase&dryRun=false', importForm(file, 'sheet.csv', { mapping }));
    expect(applied.json().data, applied.body).toEqual({ dialect: 'showcase', created: 1, updated: 0, unchanged: 0, errors: [] });
    expect(await bySlug(t, 'mapped')).toMatchObject({ title: 'Mapped course', attributes: { language: 'French' } });

    for (const [wrong, message] of [
      ['{"Name": ', 'mapping: must be a JSON object of {"Column": "field" or null}'],
      ['{"Nom": "title"}', 'mapping: the file has no column “Nom”'],
      ['{"Name": "colour"}', 'mapping: “colour” (for “Name”) is not a field of this format'],
      ['{"Name": "description"}', 'mapping: the file has a “description” column already (mapped from “Name”)'],
    ] as const) {
      const refused = await post(t, '?format=showcase', importForm(file, 'sheet.csv', { mapping: wrong }));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toContain(message);
    }
  });
});
