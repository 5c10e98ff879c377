import type { Db } from '../../db/database';
import { wordsOf } from '../../../shared/search-text';
import { linkedTitles } from '../../content/effects/linked-titles';
import { anyCategoryNotYetLive, selectMatchesInLaterCategories } from './search.repository';

/**
 * Search answers by the same visibility rule as every public list: a visitor
 * finds a product only by what its page shows them. The index keeps the titles
 * of categories scheduled for later (so they become searchable the moment they
 * go live, with no write), which would let a visitor find a live product by
 * the name of a category not yet announced. So the few matches listed in such
 * a category are checked again against the words visitors see, with the same
 * rule as the index (every query word starts a word), and those that match
 * only through the hidden title are left out. Costs one indexed read when no
 * category is waiting, which is nearly always.
 */
export async function matchedOnlyByLaterCategories(db: Db, words: string[], now: string): Promise<string[]> {
  if (!(await anyCategoryNotYetLive(db, now))) return [];
  const rows = await selectMatchesInLaterCategories(db, words, now);
  if (rows.length === 0) return [];
  const { categories } = await linkedTitles(db, rows.map((row) => row.product_id), 'live');
  return rows
    .filter((row) => {
      // The index columns hold words already folded and joined by spaces.
      const shown = [row.title, row.info, row.tags, row.body].join(' ').split(' ').concat(wordsOf((categories.get(row.product_id) ?? []).join(' ')));
      return !words.every((word) => shown.some((candidate) => candidate.startsWith(word)));
    })
    .map((row) => row.product_id);
}
