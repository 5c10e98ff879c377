import { describe, expect, it } from 'vitest';
import { DARK_TEXT, LIGHT_TEXT, MIN_TEXT_CONTRAST, contrastRatio, inkOn, relativeLuminance, textColorOn } from '../../src/shared/contrast';
import { hexToRgb, shadeRgb, themeCssVariables, weakFillShades } from '../../src/shared/theme-shades';

const rgbOf = (css: string | undefined = '') => (css.startsWith('#') ? hexToRgb(css) : (css.match(/\d+/g)!.map(Number) as [number, number, number]));

describe('WCAG contrast', () => {
  it('measures luminance and contrast as WCAG 2 defines them', () => {
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1, 5);
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    // Order does not matter; #767676 on white is the well-known 4.54:1.
    expect(contrastRatio([118, 118, 118], [255, 255, 255])).toBeCloseTo(4.54, 2);
    expect(contrastRatio([255, 255, 255], [118, 118, 118])).toBeCloseTo(4.54, 2);
  });

  it('picks white on a dark colour and near-black on a light one', () => {
    expect(textColorOn(hexToRgb('#1e4fbc')).color).toBe(LIGHT_TEXT);
    expect(textColorOn(hexToRgb('#fde047')).color).toBe(DARK_TEXT);
  });

  it('gives a light primary (#fde047) buttons and chips with at least 4.5:1 text', () => {
    const variables = themeCssVariables('#fde047');
    for (const shade of [600, 700] as const) {
      const text = variables[`--color-on-primary-${shade}`];
      expect(text).toBe(DARK_TEXT);
      expect(contrastRatio(shadeRgb('#fde047', shade), rgbOf(text))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    // White would have been about 2:1.
    expect(contrastRatio(shadeRgb('#fde047', 700), [255, 255, 255])).toBeLessThan(2.5);
  });

  it('keeps white text on the default blue', () => {
    const variables = themeCssVariables('#2563eb');
    expect(variables['--color-on-primary-700']).toBe(LIGHT_TEXT);
    expect(variables['--color-on-primary-600']).toBe(LIGHT_TEXT);
  });

  it('darkens a light primary into a readable ink for links, and leaves a dark one as it is', () => {
    const surface = [248, 250, 252] as const;
    const ink = rgbOf(themeCssVariables('#fde047')['--color-primary-ink']);
    expect(contrastRatio(ink, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // Still the same hue: each channel scaled by the same factor.
    const yellow = shadeRgb('#fde047', 700);
    expect(ink[0] / yellow[0]).toBeCloseTo(ink[1] / yellow[1], 1);
    expect(themeCssVariables('#2563eb')['--color-primary-ink']).toBe('rgb(30, 79, 188)');
    expect(inkOn([255, 255, 255], surface)).not.toEqual([255, 255, 255]);
  });

  it('names the colours whose buttons no text colour can make readable (the admin warns)', () => {
    // Pure red: its 600 shade reaches 4.5:1 neither with white nor with near-black text.
    expect(weakFillShades('#ff0000')).toEqual([600]);
    expect(textColorOn(shadeRgb('#ff0000', 600)).ratio).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(weakFillShades('#fde047')).toEqual([]);
    expect(weakFillShades('#2563eb')).toEqual([]);
  });
});
