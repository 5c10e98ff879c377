import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';

/** Every API module, mounted under /api. */
export const registerApiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(healthRoutes);
};
