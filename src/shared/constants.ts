/** Sizes, counts and durations the public pages and the admin share. */
export const HEADER_HEIGHT_PX = 74;
export const HOMEPAGE_PRODUCTS_PER_CATEGORY = 2;
export const FOOTER_LATEST_PRODUCTS = 3;
export const PRODUCT_GRID_DEFAULT_MAX_ITEMS = 6;
export const NEWSLETTER_MESSAGE_MS = 5000;
export const SAVED_INDICATOR_MS = 3000;
export const HERO_VIDEO_DELAY_MS = 1000;
export const HEX_COLOR_TEXT_LENGTH = 7;
export const BRAND_TAGLINE = 'Learning Platform';

/** Browser storage keys. */
export const STORAGE_KEYS = {
  token: 'admin-token',
  auth: 'admin-auth',
  logoutRedirectHome: 'logout-redirect-home',
} as const;

/** Sorting by the order field; a missing value counts as 0. */
export function byOrder<T extends { order?: number | null }>(a: T, b: T): number {
  return (a.order ?? 0) - (b.order ?? 0);
}

/** Products server-rendered per category page; the next ones append as the visitor scrolls. */
export const CATEGORY_PAGE_SIZE = 24;
/** More selected tags than this in a category URL are ignored. */
export const MAX_SELECTED_TAGS = 20;
