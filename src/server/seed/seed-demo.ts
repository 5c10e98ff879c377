import { SYSTEM, deferredWriter, type Writer } from '../content/changes';
import { sql } from 'kysely';
import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import { slugify } from '../../shared/slugify';
import { createMediaStore, recordMedia } from '../modules/media/media.service';
import { createCategory } from '../modules/categories/category.service';
import { createProduct } from '../modules/products/product.service';
import { createTag } from '../modules/tags/tag.service';
import { createPage } from '../modules/pages/page.service';
import { DEMO_PAGES } from './demo-pages';
import { saveAbout, saveHomepage, saveTheme } from '../modules/site/site.service';
import { selectSetting } from '../modules/site/settings.repository';
import { ABOUT_PAGE, DEMO_CATEGORIES, DEMO_PRIMARY_COLOR, DEMO_PRODUCTS, DEMO_TAGS } from './demo-data';
import { DemoMediaWriter, findDemoAssetsDir } from './demo-media';
import {
  aboutHero,
  buyLinkOf,
  categoryHero,
  createDemoMedia,
  homepageHero,
  productDescription,
  productHero,
  type DemoMediaPlan,
} from './demo-plan';

// Any fixed number: copies of the app starting together on one PostgreSQL
// database queue on it, and only the first one finds the database empty.
const SEED_LOCK_ID = 7_406_221_001;

/** Real content means no demo: any category, product or saved homepage. */
async function isEmpty(db: Db): Promise<boolean> {
  const category = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (category) return false;
  const product = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (product) return false;
  return (await selectSetting(db, 'homepage')) === undefined;
}

async function writeContent(writer: Writer, plan: DemoMediaPlan): Promise<void> {
  const tagIds = new Map<string, string>();
  for (const title of DEMO_TAGS) tagIds.set(title, (await createTag(writer, { title })).id);

  const categoryIds = new Map<string, string>();
  for (const [index, category] of DEMO_CATEGORIES.entries()) {
    const media = plan.categories[index]!;
    const firstProduct = DEMO_PRODUCTS.find((product) => product.categories.includes(category.title));
    const created = await createCategory(writer, {
      slug: slugify(category.title),
      title: category.title,
      description: category.description,
      tileImage: media.tileImage,
      hoverImage: media.hoverImage,
      tileVideo: media.loopVideo,
      emptyImage: plan.emptyImage,
      itemsPerRow: category.itemsPerRow,
      heroConfig: categoryHero(category, media, firstProduct),
      order: index,
    });
    categoryIds.set(category.title, created.id);
  }

  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const media = plan.products[index]!;
    await createProduct(writer, {
      slug: slugify(product.title),
      title: product.title,
      duration: product.duration,
      mainImage: media.mainImage,
      buyLink: buyLinkOf(product),
      categories: product.categories.map((title) => categoryIds.get(title)!),
      tags: product.tags.map((title) => tagIds.get(title)!),
      description: productDescription(product),
      introVideo: media.introVideo,
      heroConfig: productHero(product, media),
      gallery: media.gallery.map((url, order) => ({ url, order })),
      darkMode: product.darkMode ?? false,
      price: product.price?.amount ?? null,
      currency: product.price?.currency ?? null,
      order: index,
    });
  }

  await saveHomepage(writer, homepageHero(plan));
  await saveAbout(writer, { heroConfig: aboutHero(plan), content: ABOUT_PAGE.content });
  await saveTheme(writer, { primaryColor: DEMO_PRIMARY_COLOR, newsletterImage: plan.newsletterImage });
  for (const page of DEMO_PAGES) await createPage(writer, page);
}

/**
 * Drawing the demo images takes seconds, longer than the time limits every
 * connection has (decision 010): this one transaction gets minutes, and the
 * lock is polled, so no single statement waits for long.
 */
async function holdSeedLock(trx: Db): Promise<void> {
  await sql`set local statement_timeout = '5min'`.execute(trx);
  await sql`set local idle_in_transaction_session_timeout = '5min'`.execute(trx);
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${SEED_LOCK_ID}) as locked`.execute(trx);
    if (rows[0]?.locked) return;
    if (Date.now() > deadline) throw new Error('Timed out waiting for another copy of the app to finish loading the demo content');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Loads the demo content (SEED_DEMO) when the database holds no content yet,
 * so a first start shows a living site; never touches real content and does
 * not run again once anything exists. Resolves to whether it seeded.
 */
export async function seedDemoContentIfEmpty(ctx: AppContext): Promise<boolean> {
  if (!(await isEmpty(ctx.db))) return false;

  const store = createMediaStore(ctx.config);
  const media = new DemoMediaWriter(store);
  try {
    let writer: ReturnType<typeof deferredWriter> | undefined;
    const seeded = await ctx.db.transaction().execute(async (trx) => {
      // A second copy waits here, then finds content and draws nothing. The
      // lock ends with the transaction, also if the process dies.
      if (ctx.dbKind === 'postgres') await holdSeedLock(trx);
      if (!(await isEmpty(trx))) return false;
      const plan = await createDemoMedia(media, findDemoAssetsDir());
      writer = deferredWriter(trx, SYSTEM);
      for (const file of media.files) await recordMedia(writer, store, file);
      await writeContent(writer, plan);
      return true;
    });
    if (seeded) writer?.commit(ctx.contentEvents);
    return seeded;
  } catch (error) {
    // The transaction rolled back; take back the files it would have used.
    await media.removeAll();
    throw error;
  }
}
