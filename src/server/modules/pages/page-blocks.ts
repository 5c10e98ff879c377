import { randomUUID } from 'node:crypto';
import { sanitizeRichHtml } from '../../content/sanitize-html';
import type { Block, PageInputData } from '../../../shared/schemas/page';

/**
 * The blocks as stored and answered: every block with an id (the one it came
 * with, or a new one), every piece of HTML sanitised like rich text, gallery
 * images in their order. Ids stay unique within the page: a repeated one is
 * replaced, so a form submission always names one block.
 */
export function cleanBlocks(blocks: PageInputData['blocks']): Block[] {
  const seen = new Set<string>();
  return blocks.map((block) => {
    const id = block.id && !seen.has(block.id) ? block.id : randomUUID();
    seen.add(id);
    switch (block.type) {
      case 'richText':
        return { ...block, id, html: sanitizeRichHtml(block.html) };
      case 'faq':
        return { ...block, id, items: block.items.map((item) => ({ question: item.question, answer: sanitizeRichHtml(item.answer) })) };
      case 'gallery':
        return { ...block, id, images: [...block.images].sort((a, b) => a.order - b.order).map((image, order) => ({ ...image, order })) };
      default:
        return { ...block, id };
    }
  });
}
