import type { ContentSource } from '../../web/api/content-source';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Product slugs page by page, so the sitemap of a large catalogue never holds every product at once. */
async function productSlugs(source: ContentSource): Promise<string[]> {
  const slugs: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await source.pageProducts({ limit: 100, cursor });
    slugs.push(...page.items.map((product) => product.slug));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return slugs;
}

/** Every public page a search engine should know: home, about, each category and product. */
export async function sitemapXml(source: ContentSource, publicUrl: string): Promise<string> {
  const [categories, products] = await Promise.all([source.listCategories(), productSlugs(source)]);
  const paths = [
    '/',
    '/about',
    ...categories.map((category) => `/category/${encodeURIComponent(category.slug)}`),
    ...products.map((slug) => `/product/${encodeURIComponent(slug)}`),
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(publicUrl + path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The back-office is no search result; everything else is. */
export const robotsTxt = (publicUrl: string) =>
  `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nSitemap: ${publicUrl}/sitemap.xml\n`;
