import type { HeroConfig, HeroConfigInput } from '../../../../../shared/schemas';
import { adminRequest } from '../../../lib/admin-api';

export const getHomepageHero = () => adminRequest<HeroConfig>('/homepage');
export const saveHomepageHero = (hero: HeroConfigInput) => adminRequest<HeroConfig>('/homepage', { method: 'PUT', body: hero, failure: 'Failed to save homepage hero' });
