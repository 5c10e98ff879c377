import { z } from 'zod';
import { requiredText, requiredUrl } from './common';

/**
 * The header menu and the footer (issue 29). Items link to a path of this
 * site (home, a category, a product, a page, About, search) or an external
 * URL, which opens in a new tab. Until the owner saves them, both are the
 * spec's, computed from the catalogue.
 */
export const NAV_HEADER_MAX = 20;
export const NAV_FOOTER_COLUMNS_MAX = 4;
export const NAV_LINKS_MAX = 20;

export const NavLinkSchema = z.object({ label: requiredText(100), href: requiredUrl });
export const NavHeaderItemSchema = NavLinkSchema.extend({
  children: z.array(NavLinkSchema, { error: 'must be a list of {label, href}' }).max(NAV_LINKS_MAX, `must hold at most ${NAV_LINKS_MAX} links`).optional(),
});
export const NavFooterColumnSchema = z.object({
  heading: requiredText(100),
  links: z.array(NavLinkSchema, { error: 'must be a list of {label, href}' }).max(NAV_LINKS_MAX, `must hold at most ${NAV_LINKS_MAX} links`).default([]),
});
export const NavigationSchema = z.object({
  header: z.array(NavHeaderItemSchema, { error: 'must be a list of {label, href}' }).max(NAV_HEADER_MAX, `must hold at most ${NAV_HEADER_MAX} items`),
  footer: z.array(NavFooterColumnSchema, { error: 'must be a list of columns' }).max(NAV_FOOTER_COLUMNS_MAX, `must hold at most ${NAV_FOOTER_COLUMNS_MAX} columns`).default([]),
});
export type NavigationInput = z.input<typeof NavigationSchema>;
export type Navigation = z.output<typeof NavigationSchema>;

const NavLinkAnswer = z.strictObject({ label: z.string(), href: z.string() });
export const NavigationAnswerSchema = z.strictObject({
  header: z.array(z.strictObject({ label: z.string(), href: z.string(), children: z.array(NavLinkAnswer).optional() })),
  footer: z.array(z.strictObject({ heading: z.string(), links: z.array(NavLinkAnswer) })),
});

export { isExternalHref } from '../external-link';
