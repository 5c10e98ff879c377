// Fills a migrated SQLite file with a catalogue of `products` products in 6
// categories with 30 tags, straight into the tables (seconds, not minutes).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const hero = JSON.stringify({ title: '', description: '', textColor: '#ffffff' });
const paragraph = '<p>Step-by-step lessons with project files, from the first sketch to a finished piece you can show.</p>';

export function seedCatalogue(dataDir, products, subscribers = 0) {
  const db = new SQLite(path.join(dataDir, 'showcase.db'));
  db.pragma('journal_mode = WAL');
  const now = new Date().toISOString();
  const categories = ['Drawing', 'Design', 'Video', 'Photography', 'Animation', '3D'].map((title, order) => ({ id: randomUUID(), slug: title.toLowerCase(), title, order }));
  const tags = Array.from({ length: 30 }, (_, i) => ({ id: randomUUID(), title: `Topic ${i + 1}`, slug: `topic-${i + 1}` }));
  const insertCategory = db.prepare(
    `insert into categories (id, slug, title, description, sort_order, tile_image, tile_video, hover_image, empty_image, items_per_row, hero_config, created_at, updated_at)
     values (?, ?, ?, ?, ?, '/uploads/tile.jpg', '', '', '', 3, ?, ?, ?)`,
  );
  const insertTag = db.prepare('insert into tags (id, title, title_key, slug, created_at) values (?, ?, ?, ?, ?)');
  const insertProduct = db.prepare(
    `insert into products (id, slug, title, duration, main_image, buy_link, description, intro_video, hero_config, gallery, sort_order, dark_mode, created_at, updated_at)
     values (?, ?, ?, '2 hours - 12 lessons', '/uploads/cover.jpg', 'https://shop.example.com/buy', ?, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', ?, '[]', ?, 0, ?, ?)`,
  );
  const linkCategory = db.prepare('insert into product_categories (product_id, category_id, position) values (?, ?, 0)');
  const linkTag = db.prepare('insert into product_tags (product_id, tag_id, position) values (?, ?, ?)');
  db.transaction(() => {
    for (const c of categories) insertCategory.run(c.id, c.slug, c.title, `All about ${c.title}`, c.order, hero, now, now);
    for (const t of tags) insertTag.run(t.id, t.title, t.title.toLowerCase(), t.slug, now);
    for (let i = 0; i < products; i += 1) {
      const id = randomUUID();
      insertProduct.run(id, `course-${i}`, `Course ${i}`, paragraph.repeat(3), hero, i, now, now);
      linkCategory.run(id, categories[i % categories.length].id);
      linkTag.run(id, tags[i % tags.length].id, 0);
      linkTag.run(id, tags[(i * 7 + 3) % tags.length].id, 1);
    }
    const insertSubscriber = db.prepare('insert into subscribers (id, email, created_at) values (?, ?, ?)');
    const start = Date.now() - subscribers * 1000;
    for (let i = 0; i < subscribers; i += 1) insertSubscriber.run(randomUUID(), `reader${i}@example.com`, new Date(start + i * 1000).toISOString());
  })();
  db.close();
  return { categories, tags };
}

/**
 * A media library of `items` images, each shown in the gallery of
 * `usesPerItem` products of a seeded catalogue, straight into the tables; the
 * `media_usages` rows are written as the write unit keeps them
 * (src/server/content/effects/media-usages.ts: one row per item and stored
 * URL in its media columns), since a seed bypasses the write unit.
 */
export function seedMediaLibrary(dataDir, items, usesPerItem) {
  const db = new SQLite(path.join(dataDir, 'showcase.db'));
  db.pragma('journal_mode = WAL');
  const now = Date.now();
  const insertMedia = db.prepare(
    `insert into media (id, url, storage_key, mime_type, size_bytes, created_at, original_name, alt, decorative, width, height, placeholder, focal_x, focal_y, variants, variants_status, variants_claimed_at, variants_attempts)
     values (?, ?, ?, 'image/jpeg', 120000, ?, ?, '', 0, 1600, 900, '', 0.5, 0.5, '[]', 'done', null, 0)`,
  );
  const setGallery = db.prepare('update products set gallery = ? where id = ?');
  const insertUsage = db.prepare('insert into media_usages (url, entity, item_id, title) values (?, ?, ?, ?)');
  db.transaction(() => {
    const urls = Array.from({ length: items }, (_, i) => `/uploads/bench-${i}.jpg`);
    urls.forEach((url, i) => insertMedia.run(randomUUID(), url, `bench-${i}.jpg`, new Date(now - i * 1000).toISOString(), `bench ${i}.jpg`));
    const products = db.prepare('select id, title, main_image from products order by sort_order').all();
    products.forEach((product, i) => {
      insertUsage.run(product.main_image, 'product', product.id, product.title);
      if (i >= items * usesPerItem) return;
      const url = urls[i % items];
      setGallery.run(JSON.stringify([{ url, order: 0 }]), product.id);
      insertUsage.run(url, 'product', product.id, product.title);
    });
    for (const category of db.prepare('select id, title, tile_image from categories').all()) insertUsage.run(category.tile_image, 'category', category.id, category.title);
  })();
  db.close();
}
