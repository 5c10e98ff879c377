import { DEFAULT_PRIMARY_COLOR, HEX_COLOR_PATTERN } from './colors';
import { MIN_TEXT_CONTRAST, inkOn, rgbCss, textColorOn, type Rgb } from './contrast';

/** Shade name → multiplier applied to each RGB channel. */
export const SHADE_MULTIPLIERS = { 50: 1.8, 100: 1.5, 600: 1, 700: 0.8 } as const;
export type ShadeName = keyof typeof SHADE_MULTIPLIERS;

const clamp = (value: number) => Math.min(255, Math.max(0, Math.round(value)));

export function hexToRgb(hex: string): [number, number, number] {
  const value = HEX_COLOR_PATTERN.test(hex) ? hex : DEFAULT_PRIMARY_COLOR;
  return [1, 3, 5].map((start) => parseInt(value.slice(start, start + 2), 16)) as [number, number, number];
}

/** One shade's channels. */
export function shadeRgb(hex: string, name: ShadeName): Rgb {
  return hexToRgb(hex).map((channel) => clamp(channel * SHADE_MULTIPLIERS[name])) as unknown as Rgb;
}

/** Every shade as `rgb(r, g, b)`, keyed by shade name. */
export function computeShades(hex: string): Record<ShadeName, string> {
  const shades = {} as Record<ShadeName, string>;
  for (const name of Object.keys(SHADE_MULTIPLIERS)) shades[Number(name) as ShadeName] = rgbCss(shadeRgb(hex, Number(name) as ShadeName));
  return shades;
}

/** The light page surfaces primary-coloured text sits on (--color-surface-alt is the darker of the two). */
const LIGHT_SURFACE: Rgb = [248, 250, 252];

/**
 * CSS custom properties for the primary colour, ready for a style attribute or a :root rule:
 * the shades, the text colour on the filled shades (buttons, chips), and the primary as
 * readable text on the page (links, outlined buttons).
 */
export function themeCssVariables(hex: string): Record<string, string> {
  const shades = computeShades(hex);
  return {
    ...Object.fromEntries(Object.entries(shades).map(([name, value]) => [`--color-primary-${name}`, value])),
    '--color-on-primary-600': textColorOn(shadeRgb(hex, 600)).color,
    '--color-on-primary-700': textColorOn(shadeRgb(hex, 700)).color,
    '--color-primary-ink': rgbCss(inkOn(shadeRgb(hex, 700), LIGHT_SURFACE)),
  };
}

/** The filled shades whose text can reach neither 4.5:1 in white nor in near-black (the admin warns). */
export function weakFillShades(hex: string): ShadeName[] {
  return ([600, 700] as const).filter((name) => textColorOn(shadeRgb(hex, name)).ratio < MIN_TEXT_CONTRAST);
}
