import type { AboutPage, AboutPageInput } from '../../../../../shared/schemas';
import { adminRequest } from '../../../lib/admin-api';

export const getAboutPage = () => adminRequest<AboutPage>('/about');
export const saveAboutPage = (page: AboutPageInput) => adminRequest<AboutPage>('/about', { method: 'PUT', body: page, failure: 'Failed to save about page' });

/** Content is saved as null when blank or an empty paragraph. */
export function normaliseAboutContent(html: string | null | undefined): string | null {
  if (!html) return null;
  if (/<(img|iframe|video)\b/i.test(html)) return html;
  const text = html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();
  return text === '' ? null : html;
}
