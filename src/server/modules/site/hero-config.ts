import { HeroConfigSchema, defaultHeroConfig, type HeroConfig } from '../../../shared/schemas/hero';
import { parseJson } from '../../db/json';

/**
 * Reads a stored hero config. Parsing it through the schema fills fields that
 * were added after it was saved; a damaged value falls back to the default
 * instead of breaking the page.
 */
export function readHeroConfig(text: string | null | undefined): HeroConfig {
  const parsed = HeroConfigSchema.safeParse(parseJson<unknown>(text, {}));
  return parsed.success ? parsed.data : defaultHeroConfig();
}
