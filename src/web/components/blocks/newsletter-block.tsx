import type { Block } from '../../../shared/schemas/page';
import { Newsletter } from '../newsletter';

/** In a preview the sign-up is drawn but cannot be sent, like the contact form: nothing typed there subscribes anyone. */
export function NewsletterBlock({ block, preview = false }: { block: Extract<Block, { type: 'newsletter' }>; preview?: boolean }) {
  return <Newsletter heading={block.heading || undefined} text={block.text || undefined} preview={preview} />;
}
