// Zod-free on purpose: the public bundle imports these, and anything under
// schemas/ pulls the whole of zod into the browser.
export const DEFAULT_PRIMARY_COLOR = '#2563eb';
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_HERO_TEXT_COLOR = '#ffffff';
