import { DEFAULT_PRIMARY_COLOR, HEX_COLOR_PATTERN } from './colors';

/** Shade name → multiplier applied to each RGB channel (spec §4, §9). */
export const SHADE_MULTIPLIERS = { 50: 1.8, 100: 1.5, 600: 1, 700: 0.8 } as const;
export type ShadeName = keyof typeof SHADE_MULTIPLIERS;

const clamp = (value: number) => Math.min(255, Math.max(0, Math.round(value)));

export function hexToRgb(hex: string): [number, number, number] {
  const value = HEX_COLOR_PATTERN.test(hex) ? hex : DEFAULT_PRIMARY_COLOR;
  return [1, 3, 5].map((start) => parseInt(value.slice(start, start + 2), 16)) as [number, number, number];
}

/** Every shade as `rgb(r, g, b)`, keyed by shade name. */
export function computeShades(hex: string): Record<ShadeName, string> {
  const channels = hexToRgb(hex);
  const shades = {} as Record<ShadeName, string>;
  for (const [name, factor] of Object.entries(SHADE_MULTIPLIERS)) {
    const [r, g, b] = channels.map((channel) => clamp(channel * factor));
    shades[Number(name) as ShadeName] = `rgb(${r}, ${g}, ${b})`;
  }
  return shades;
}

/** CSS custom properties for the primary colour, ready for a style attribute or a :root rule. */
export function themeCssVariables(hex: string): Record<string, string> {
  const shades = computeShades(hex);
  return Object.fromEntries(
    Object.entries(shades).map(([name, value]) => [`--color-primary-${name}`, value]),
  );
}
