import { describe, expect, it } from 'vitest';
import { apiChoices } from '../../src/web/api/page-choices';
import { isUpsideDownRange, readRange } from '../../src/shared/number-range';
import type { Attribute } from '../../src/shared/schemas/attribute';

const attributes: Attribute[] = [
  { id: 'a1', name: 'Duration', slug: 'duration', type: 'number', values: [], unit: 'min', filter: true },
  { id: 'a2', name: 'Edition', slug: 'edition-range', type: 'choice', values: ['300-100', 'Other'], unit: null, filter: true },
];

/** A page followed in place asks the API only what the server's page reads (the range's rule is one: shared/number-range.ts). */
describe("a page's choices as the API takes them", () => {
  it('reads an upside-down range as no range, like the server', () => {
    expect(readRange('300-100')).toBeUndefined();
    expect(isUpsideDownRange('300-100')).toBe(true);
    for (const text of ['100-300', '100-100', '-5--3', '-90', '90-', '120', 'beginner']) expect(isUpsideDownRange(text)).toBe(false);
    expect(isUpsideDownRange('5--3')).toBe(true);
  });

  it("leaves out a number's upside-down range, keeping the other choices", async () => {
    let asked = 0;
    const read = async () => {
      asked += 1;
      return attributes;
    };
    expect(await apiChoices({ duration: ['300-100'], level: ['beginner'] }, read)).toEqual({ level: ['beginner'] });
    // A choice's value that looks like a range is its value: kept.
    expect(await apiChoices({ 'edition-range': ['300-100'], duration: ['0-180'] }, read)).toEqual({ 'edition-range': ['300-100'], duration: ['0-180'] });
    expect(asked).toBe(2);
  });

  it('asks nothing when no value looks upside down', async () => {
    const choices = { duration: ['0-180'], level: ['advanced', 'beginner'] };
    expect(await apiChoices(choices, () => Promise.reject(new Error('not asked')))).toBe(choices);
  });
});
