import { describe, expect, it } from 'vitest';
import { keepMyChanges } from '../../src/web/admin/lib/merge-changes';
import { fieldLabel, revisionChanges, showValue } from '../../src/web/admin/lib/revision-diff';

describe('keepMyChanges (reload after an edit conflict, a kept draft)', () => {
  const base = { title: 'A', duration: '1 h', buyLink: 'https://x.test', gallery: [{ url: '/uploads/a.png', order: 0 }] };

  it('puts only the fields I changed on the latest version and names those changed on both sides', () => {
    const mine = { ...base, duration: '2 h', buyLink: 'https://mine.test' };
    const latest = { ...base, title: 'B', duration: '3 h' };
    expect(keepMyChanges(base, mine, latest)).toEqual({
      merged: { ...base, title: 'B', duration: '2 h', buyLink: 'https://mine.test' },
      clashes: ['Info'],
    });
  });

  it('is no clash when both sides made the same change, and compares lists by value', () => {
    const mine = { ...base, duration: '2 h', gallery: [{ url: '/uploads/a.png', order: 0 }] };
    const latest = { ...base, duration: '2 h', gallery: [...base.gallery, { url: '/uploads/b.png', order: 1 }] };
    expect(keepMyChanges(base, mine, latest)).toEqual({ merged: latest, clashes: [] });
  });
});

describe('revisionChanges (the preview before a restore)', () => {
  it('lists the differing fields, nested hero fields by name, and leaves out what a restore keeps', () => {
    const now = { id: '1', slug: 'new-address', status: 'published', title: 'Now', description: '<p>Now <b>bold</b></p>', heroConfig: { textColor: '#ffffff', title: '' } };
    const then = { id: '1', slug: 'old-address', status: 'draft', title: 'Then', description: '<p>Now <b>bold</b></p>', heroConfig: { textColor: '#000000', title: '' } };
    expect(revisionChanges(now, then)).toEqual([
      { field: 'title', label: 'Title', now: 'Now', then: 'Then' },
      { field: 'heroConfig.textColor', label: 'Hero: text color', now: '#ffffff', then: '#000000' },
    ]);
  });

  it('shows HTML as its text, empty values as (none), and shortens long ones', () => {
    expect(showValue('<p>Hello <em>there</em></p>')).toBe('Hello there');
    expect(showValue('')).toBe('(none)');
    expect(showValue(null)).toBe('(none)');
    expect(showValue('x'.repeat(300))).toHaveLength(158);
    expect(fieldLabel('seoDescription')).toBe('SEO description');
  });
});
