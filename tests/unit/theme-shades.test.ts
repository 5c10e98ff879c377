import { describe, expect, it } from 'vitest';
import { computeShades, hexToRgb, themeCssVariables } from '../../src/shared/theme-shades';

describe('theme shades (spec §4, §9)', () => {
  it('reads the channels of a hex colour', () => {
    expect(hexToRgb('#2563eb')).toEqual([37, 99, 235]);
    expect(hexToRgb('#FFFFFF')).toEqual([255, 255, 255]);
  });
  it('multiplies each channel by 1.8, 1.5, 1 and 0.8 and clamps to 0-255', () => {
    expect(computeShades('#2563eb')).toEqual({
      50: 'rgb(67, 178, 255)',
      100: 'rgb(56, 149, 255)',
      600: 'rgb(37, 99, 235)',
      700: 'rgb(30, 79, 188)',
    });
  });
  it('never exceeds 255 nor goes below 0', () => {
    expect(computeShades('#ffffff')).toEqual({ 50: 'rgb(255, 255, 255)', 100: 'rgb(255, 255, 255)', 600: 'rgb(255, 255, 255)', 700: 'rgb(204, 204, 204)' });
    expect(computeShades('#000000')[50]).toBe('rgb(0, 0, 0)');
  });
  it('falls back to the default primary colour for an invalid value', () => {
    expect(computeShades('blue')).toEqual(computeShades('#2563eb'));
  });
  it('names the CSS custom properties by shade', () => {
    expect(themeCssVariables('#102030')).toEqual({
      '--color-primary-50': 'rgb(29, 58, 86)',
      '--color-primary-100': 'rgb(24, 48, 72)',
      '--color-primary-600': 'rgb(16, 32, 48)',
      '--color-primary-700': 'rgb(13, 26, 38)',
      '--color-on-primary-600': '#ffffff',
      '--color-on-primary-700': '#ffffff',
      '--color-primary-ink': 'rgb(13, 26, 38)',
    });
  });
});
