import { describe, expect, it } from 'vitest';
import { course, serializeJsonLd } from '../../src/web/structured-data';
import { defaultSiteSettings } from '../../src/shared/schemas/site-settings';

const facts = { name: 'Course', description: 'About it', url: '/product/course', images: ['/uploads/a-og.jpg'], buyLink: 'https://pay.example.com/c', provider: defaultSiteSettings() };

describe('structured data', () => {
  it('offers a priced product with its price and upper-case currency', () => {
    const offers = course({ ...facts, offer: { price: 19, currency: 'eur' } }, 'https://x.example').offers;
    expect(offers).toEqual({ '@type': 'Offer', url: 'https://pay.example.com/c', price: '19.00', priceCurrency: 'EUR', category: 'Paid', availability: 'https://schema.org/InStock' });
    expect(course({ ...facts, offer: { price: 0, currency: 'USD' } }, 'https://x.example').offers).toMatchObject({ price: '0.00', category: 'Free' });
  });

  it('claims no price without both a price and a currency', () => {
    for (const offer of [undefined, { price: 10, currency: null }, { price: null, currency: 'USD' }]) {
      expect(course({ ...facts, offer }, 'https://x.example').offers).not.toHaveProperty('price');
    }
  });

  it('serialises so that no text can end the script element, and parses back unchanged', () => {
    const value = { name: '</script><!-- & \u2028 \u2029 -->' };
    const text = serializeJsonLd(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
