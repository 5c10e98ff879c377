import { describe, expect, it } from 'vitest';
import { HeroConfigSchema, ThemeSchema } from '../../src/shared/schemas';
import { isColorText } from '../../src/web/admin/components/ui/hex-color-field';

// Texts a person may leave in a colour field (at most 7 characters, as the field allows).
const TEXTS = ['', '   ', '#', '#12', '#abc', '#12345G', '0a1b2c', '#0a1b2c', '#ABCDEF', '#aBc123', ' #1234', '#12 456', 'red'];

/**
 * The field says "Please enter a valid hex color" exactly when the form's
 * check (the shared schema, which the server applies too) refuses the save:
 * an error is never shown over a colour that would be saved anyway, and a
 * text that is no colour never reaches the server.
 */
describe('colour field text and the schemas agree', () => {
  it.each(TEXTS)('hero colours (empty means the default): %j', (text) => {
    const hero = (field: 'textColor' | 'backgroundColor') => HeroConfigSchema.safeParse({ [field]: text }).success;
    expect(isColorText(text, true)).toBe(hero('backgroundColor'));
    expect(isColorText(text, true)).toBe(hero('textColor'));
  });

  it.each(TEXTS)('the theme primary colour (required): %j', (text) => {
    expect(isColorText(text, false)).toBe(ThemeSchema.safeParse({ primaryColor: text }).success);
  });

  it('accepts only # and six hex digits, or blank where blank means the default', () => {
    expect(TEXTS.filter((text) => isColorText(text, false))).toEqual(['#0a1b2c', '#ABCDEF', '#aBc123']);
    expect(TEXTS.filter((text) => isColorText(text, true))).toEqual(['', '   ', '#0a1b2c', '#ABCDEF', '#aBc123']);
  });
});
