/** Valid payloads for the API, so tests name only what they care about. */
export const productPayload = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: `Product ${slug}`,
  duration: '2 hours - 12 lessons',
  mainImage: `/uploads/${slug}.jpg`,
  buyLink: 'https://shop.example.com/buy',
  description: '<p>Learn <strong>things</strong></p>',
  introVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ...extra,
});

export const categoryPayload = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: slug,
  description: `All about ${slug}`,
  tileImage: `/uploads/${slug}.jpg`,
  ...extra,
});
