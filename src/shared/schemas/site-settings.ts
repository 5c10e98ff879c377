import { z } from 'zod';
import { optionalText, optionalUrl, requiredText } from './common';
import { SOCIAL_NETWORKS } from '../social-networks';

/** Whether products that are sold out in every edition stay listed. */
export const SOLD_OUT_CHOICES = ['listed', 'hidden'] as const;

// The defaults live apart from zod: the public pages need them, and zod stays out of their bundle.
export { DEFAULT_SITE_NAME, defaultSiteSettings } from '../site-defaults';

// Profile links leave the site in a new tab: only https, never a path or another scheme.
const httpsUrl = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(2048, 'is too long')
  .refine((value) => /^https:\/\/[^\s\\/]+\.[^\s\\]*$/i.test(value) && URL.canParse(value), 'must be an https:// URL');

export const SocialLinkSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS, { error: `must be one of ${SOCIAL_NETWORKS.join(', ')}` }),
  url: httpsUrl,
});
export type SocialLink = z.output<typeof SocialLinkSchema>;

const optionalEmail = z
  .string({ error: 'must be text' })
  .trim()
  .max(254, 'is too long')
  .refine((value) => value === '' || /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value), 'must be an e-mail address')
  .nullish()
  .transform((value) => value ?? '');

/**
 * The site's identity: used by the header, the footer, title tags and social
 * cards. Empty image fields mean "the built-in one" (the drawn mark, the
 * favicon in the theme colour, the share image made from name and colour).
 */
export const SiteSettingsSchema = z.object({
  name: requiredText(60),
  tagline: optionalText(120),
  logo: optionalUrl,
  favicon: optionalUrl,
  socialLinks: z.array(SocialLinkSchema, { error: 'must be a list of {network, url}' }).max(20, 'is too long').default([]),
  contactEmail: optionalEmail,
  shareImage: optionalUrl,
  /** Products whose every edition is sold out: still in lists, counts and facets, or left out of them (issue 28). Omitted: kept as saved. */
  soldOutProducts: z.enum(SOLD_OUT_CHOICES, { error: 'must be listed or hidden' }).optional(),
});

/** The site settings as the API answers them (decision 057). */
export const SiteSettingsAnswerSchema = z.strictObject({
  name: z.string(),
  tagline: z.string(),
  logo: z.string(),
  favicon: z.string(),
  socialLinks: z.array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: z.string() })),
  contactEmail: z.string(),
  shareImage: z.string(),
  /** Answered only once the owner hides them: absent is `listed`, so answers are as before issue 28 until then. */
  soldOutProducts: z.enum(SOLD_OUT_CHOICES).optional(),
});
export type SiteSettings = z.infer<typeof SiteSettingsAnswerSchema>;
export type SiteSettingsInput = z.input<typeof SiteSettingsSchema>;
