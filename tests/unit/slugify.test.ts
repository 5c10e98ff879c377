import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/shared/slugify';

describe('slugify (spec §5)', () => {
  it('lower-cases and joins words with hyphens', () => {
    expect(slugify('My Product Name')).toBe('my-product-name');
  });
  it('trims and drops characters other than letters, digits, underscore, whitespace and hyphen', () => {
    expect(slugify('  Hello, World! (2024) ')).toBe('hello-world-2024');
    expect(slugify('C++ & Rust: a #guide?')).toBe('c-rust-a-guide');
  });
  it('turns runs of whitespace or underscores into one hyphen', () => {
    expect(slugify('a   b__c _ d')).toBe('a-b-c-d');
    expect(slugify('tab\tand\nnewline')).toBe('tab-and-newline');
  });
  it('keeps existing hyphens but removes leading and trailing ones', () => {
    expect(slugify('--already-slugged--')).toBe('already-slugged');
    expect(slugify('-_ spaced _-')).toBe('spaced');
  });
  it('keeps digits and gives an empty slug for nothing usable', () => {
    expect(slugify('2 hours - 12 lessons')).toBe('2-hours---12-lessons');
    expect(slugify('!!!')).toBe('');
  });
});
