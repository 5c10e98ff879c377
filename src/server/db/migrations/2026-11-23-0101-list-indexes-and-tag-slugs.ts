import type { Kysely } from 'kysely';

// Frozen in time: migrations never import application code, so the slug rule
// of spec §5 is copied here as it was on the day.
function slugify(title: string): string {
  return title
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Tags gain a unique slug (for `?tags=` on category pages and `?tag=` in the
 * API), backfilled from their titles; and every list query gets the index its
 * order and filters need, so a page reads a page, not the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tags').addColumn('slug', 'varchar(200)').execute();
  const tags = await db.selectFrom('tags').select(['id', 'title']).orderBy('created_at').orderBy('id').execute();
  const taken = new Set<string>();
  for (const tag of tags as { id: string; title: string }[]) {
    const base = slugify(tag.title) || 'tag';
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    await db.updateTable('tags').set({ slug }).where('id', '=', tag.id).execute();
  }
  await db.schema.createIndex('tags_slug_unique').on('tags').column('slug').unique().execute();

  // List order of products and categories (order, title, id): keyset pages seek, not sort.
  await db.schema.createIndex('products_list_order_idx').on('products').columns(['sort_order', 'title', 'id']).execute();
  await db.schema.createIndex('categories_list_order_idx').on('categories').columns(['sort_order', 'title', 'id']).execute();
  // A category's products, covered by the index alone.
  await db.schema.createIndex('product_categories_category_product_idx').on('product_categories').columns(['category_id', 'product_id']).execute();
  await db.schema.createIndex('product_tags_tag_product_idx').on('product_tags').columns(['tag_id', 'product_id']).execute();
  // Subscribers newest first.
  await db.schema.createIndex('subscribers_list_order_idx').on('subscribers').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'subscribers_list_order_idx',
    'product_tags_tag_product_idx',
    'product_categories_category_product_idx',
    'categories_list_order_idx',
    'products_list_order_idx',
    'tags_slug_unique',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('tags').dropColumn('slug').execute();
}
