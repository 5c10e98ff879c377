import type { CategoryInput, ProductInput, TagInput } from '../../src/shared/schemas';

/**
 * Valid payloads for the API, so tests name only what they care about (decision 058). Without a
 * slug or title each call makes a new one, so two items of one test never collide; every field the
 * server requires is filled. A test that sends a wrong value on purpose spreads it over a valid
 * payload: `{ ...aProduct(), status: 'hidden' }`.
 */
let made = 0;
const nextSlug = (kind: string) => `${kind}-${(made += 1)}`;

export function aProduct(overrides: Partial<ProductInput> = {}): ProductInput {
  const slug = overrides.slug ?? nextSlug('product');
  return {
    slug,
    title: `Product ${slug}`,
    duration: '2 hours - 12 lessons',
    mainImage: `/uploads/${slug}.jpg`,
    buyLink: 'https://shop.example.com/buy',
    description: '<p>Learn <strong>things</strong></p>',
    introVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ...overrides,
  };
}

export function aCategory(overrides: Partial<CategoryInput> = {}): CategoryInput {
  const slug = overrides.slug ?? nextSlug('category');
  return {
    slug,
    title: slug,
    description: `All about ${slug}`,
    tileImage: `/uploads/${slug}.jpg`,
    ...overrides,
  };
}

export function aTag(overrides: Partial<TagInput> = {}): TagInput {
  return { title: nextSlug('Tag'), ...overrides };
}
