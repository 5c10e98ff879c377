import { describe, expect, it } from 'vitest';
import { productMeta } from '../../src/web/page-meta';
import { htmlToText } from '../../src/shared/html-text';
import type { ProductData } from '../../src/web/loaders';
import { defaultSiteSettings } from '../../src/shared/schemas/site-settings';

const context = { site: defaultSiteSettings(), base: 'https://example.com', root: undefined };

describe('page meta', () => {
  it('turns stored rich HTML into plain text with its entities decoded', () => {
    expect(htmlToText('<h2>Tips &amp; tricks</h2><p>&lt;b&gt; &quot;bold&quot; &#39;it&#39;&nbsp;&#x2014; done</p>')).toBe('Tips & tricks <b> "bold" \'it\' — done');
    expect(htmlToText('<p>keep &unknown; as is</p>')).toBe('keep &unknown; as is');
  });

  it('describes a product by its description text, clipped to 160 characters', () => {
    const product = { slug: 'course', buyLink: 'https://shop.example.com/course', title: 'Course', duration: '2 hours', description: `<p>Fish &amp; chips ${'x'.repeat(200)}</p>` };
    const meta = productMeta({ product } as unknown as ProductData, context);
    expect(meta.title).toBe('Course | Showcase');
    expect(meta.description.startsWith('Fish & chips x')).toBe(true);
    expect(meta.description).toHaveLength(160);
  });

  it('falls back to the duration when the description has no text', () => {
    const product = { slug: 'course', buyLink: 'https://shop.example.com/course', title: 'Course', duration: '2 hours', description: '<p><br></p>' };
    expect(productMeta({ product } as unknown as ProductData, context).description).toBe('2 hours');
  });
});
