import type { Block } from '../../../shared/schemas/page';
import { RichText } from '../rich-text';

export function RichTextBlock({ block }: { block: Extract<Block, { type: 'richText' }> }) {
  // Sanitised on the server before it was stored (page-blocks.ts).
  return <RichText html={block.html} className="page-block page-block--rich-text" />;
}
