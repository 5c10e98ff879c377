import { HeroConfigSchema, defaultHeroConfig, type HeroConfig } from '../../../shared/schemas';

/** A stored hero config with every field filled, even if older data lacks some. */
export function toHeroConfig(raw: unknown): HeroConfig {
  const parsed = HeroConfigSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fallback = defaultHeroConfig();
  return { ...fallback, ...(raw as Partial<HeroConfig>), button1: { ...fallback.button1 }, button2: { ...fallback.button2 } };
}
