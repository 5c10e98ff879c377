import { BRAND_TAGLINE } from './constants';
import type { SiteSettings } from './schemas/site-settings';

export const DEFAULT_SITE_NAME = 'Showcase';

/** Until the owner saves: today's name, tagline and the two profiles the site always linked. */
export const defaultSiteSettings = (): SiteSettings => ({
  name: DEFAULT_SITE_NAME,
  tagline: BRAND_TAGLINE,
  logo: '',
  favicon: '',
  socialLinks: [
    { network: 'youtube', url: 'https://www.youtube.com/' },
    { network: 'instagram', url: 'https://www.instagram.com/' },
  ],
  contactEmail: '',
  shareImage: '',
});
