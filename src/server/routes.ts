import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { productRoutes } from './modules/products/product.routes';
import { categoryRoutes } from './modules/categories/category.routes';
import { tagRoutes } from './modules/tags/tag.routes';
import { siteRoutes } from './modules/site/site.routes';
import { siteSettingsRoutes } from './modules/site/site-settings.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { uploadRoutes } from './modules/media/upload.routes';
import { installAdminGuard } from './modules/auth/guard';
import { mediaRoutes } from './modules/media/media.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import { revisionRoutes } from './modules/revisions/revision.routes';
import { previewRoutes } from './modules/preview/preview.routes';
import { searchRoutes } from './modules/search/search.routes';
import { redirectRoutes } from './modules/redirects/redirect.routes';

/** Every API module, mounted under /api, behind the admin guard: a route is admin-only unless it declares itself public. */
export const registerApiRoutes: FastifyPluginAsync = async (app) => {
  installAdminGuard(app);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(healthRoutes);
  await app.register(productRoutes, { prefix: '/products' });
  await app.register(categoryRoutes, { prefix: '/categories' });
  await app.register(tagRoutes, { prefix: '/tags' });
  await app.register(siteRoutes);
  await app.register(siteSettingsRoutes);
  await app.register(newsletterRoutes, { prefix: '/newsletter' });
  await app.register(uploadRoutes);
  await app.register(mediaRoutes, { prefix: '/media' });
  await app.register(auditRoutes, { prefix: '/audit' });
  await app.register(backupRoutes, { prefix: '/backup' });
  await app.register(revisionRoutes);
  await app.register(previewRoutes);
  await app.register(searchRoutes, { prefix: '/search' });
  await app.register(redirectRoutes, { prefix: '/redirects' });
};
