import type { Block } from '../../../shared/schemas/page';
import { Newsletter } from '../newsletter';

export function NewsletterBlock({ block }: { block: Extract<Block, { type: 'newsletter' }> }) {
  return <Newsletter heading={block.heading || undefined} text={block.text || undefined} />;
}
