import { describe, expect, it } from 'vitest';
import { PageInputSchema } from '../../src/shared/schemas/page';
import { BLOCK_TYPES } from '../../src/shared/schemas/page';
import { blankBlock } from '../../src/web/admin/features/pages/components/block-kinds';
import { fieldNameOf } from '../../src/web/admin/features/pages/components/contact-form-fields';
import { kindOf } from '../../src/web/admin/features/navigation/components/link-fields';
import { schemaErrors } from '../../src/web/admin/lib/field-errors';

describe('the page editor (issue 29)', () => {
  it('names a contact form field after its label, never as a built-in field', () => {
    expect(fieldNameOf('Company size')).toBe('companySize');
    expect(fieldNameOf('  Phone (mobile) ')).toBe('phoneMobile');
    expect(fieldNameOf('2nd address')).toBe('field2ndAddress');
    expect(fieldNameOf('E-mail')).toBe('eMail');
    expect(fieldNameOf('Email')).toBe('email2');
    expect(fieldNameOf('Message')).toBe('message2');
    expect(fieldNameOf('')).toBe('');
  });

  it('starts each of the nine block types blank, with an id the server keeps', () => {
    for (const type of BLOCK_TYPES) {
      const block = blankBlock(type);
      expect(block.type).toBe(type);
      expect(block.id).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    }
  });

  it('places a bad block field under its own path, as the server names it', () => {
    const cta = { ...blankBlock('callToAction'), heading: 'Come', button: { text: 'Go', link: 'javascript:alert(1)' } };
    const errors = schemaErrors(PageInputSchema, { title: 'T', slug: 't', blocks: [blankBlock('richText'), blankBlock('newsletter'), cta] });
    expect(Object.keys(errors)).toEqual(['blocks.2.button.link']);
  });
});

describe('the menu link picker', () => {
  it('tells what an address leads to', () => {
    expect(['/', '/about', '/search', '/search?q=x', '/category/a', '/product/b', '/pages/c', 'https://x.test/', '/other'].map(kindOf)).toEqual([
      'home',
      'about',
      'search',
      'search',
      'category',
      'product',
      'page',
      'external',
      'external',
    ]);
  });
});
