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
