/**
 * WCAG 2 contrast, used to pick text colours for the theme: the admin picks any
 * primary colour, and text on it (or in it) must stay readable.
 */
export const MIN_TEXT_CONTRAST = 4.5;
export const LIGHT_TEXT = '#ffffff';
/** The site's own body text colour: near-black reads softer than pure black. */
export const DARK_TEXT = '#0f172a';

export type Rgb = readonly [number, number, number];
const LIGHT: Rgb = [255, 255, 255];
const DARK: Rgb = [15, 23, 42];

const linear = (channel: number) => {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** White or near-black, whichever reads better on `background`, and how well it reads. */
export function textColorOn(background: Rgb): { color: string; ratio: number } {
  const light = contrastRatio(background, LIGHT);
  const dark = contrastRatio(background, DARK);
  return light >= dark ? { color: LIGHT_TEXT, ratio: light } : { color: DARK_TEXT, ratio: dark };
}

/**
 * `colour` darkened just enough to read as text on `surface` (links, outlined buttons):
 * a light primary such as yellow keeps its hue but not its 2:1 contrast.
 */
export function inkOn(colour: Rgb, surface: Rgb): Rgb {
  let ink = colour;
  for (let factor = 1; contrastRatio(ink, surface) < MIN_TEXT_CONTRAST && factor > 0; factor -= 0.05) {
    ink = colour.map((channel) => Math.round(channel * factor)) as unknown as Rgb;
  }
  return ink;
}

export const rgbCss = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;
