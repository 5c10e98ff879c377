import type { ContentSource } from '../../web/api/content-source';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every public page a search engine should know: home, about, each category and product. */
export async function sitemapXml(source: ContentSource, publicUrl: string): Promise<string> {
  const [categories, products] = await Promise.all([source.listCategories(), source.listProducts()]);
  const paths = [
    '/',
    '/about',
    ...categories.map((category) => `/category/${encodeURIComponent(category.slug)}`),
    ...products.map((product) => `/product/${encodeURIComponent(product.slug)}`),
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(publicUrl + path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The back-office is no search result; everything else is. */
export const robotsTxt = (publicUrl: string) =>
  `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nSitemap: ${publicUrl}/sitemap.xml\n`;
