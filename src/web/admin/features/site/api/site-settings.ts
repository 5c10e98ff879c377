import type { SiteSettings, SiteSettingsInput } from '../../../../../shared/schemas/site-settings';
import { adminRequest } from '../../../lib/admin-api';

export const getSiteSettings = () => adminRequest<SiteSettings>('/site-settings');
export const saveSiteSettings = (settings: SiteSettingsInput) =>
  adminRequest<SiteSettings>('/site-settings', { method: 'PUT', body: settings, failure: 'Failed to save site settings' });
