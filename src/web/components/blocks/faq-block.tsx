import type { Block } from '../../../shared/schemas/page';
import { RichText } from '../rich-text';

/** Questions that open by themselves (`<details>`), with or without JavaScript; the page's head carries them as FAQPage data. */
export function FaqBlock({ block }: { block: Extract<Block, { type: 'faq' }> }) {
  return (
    <div className="page-block page-block--faq">
      {block.items.map((item, index) => (
        <details key={index} className="faq__item">
          <summary className="faq__question">{item.question}</summary>
          <RichText html={item.answer} className="faq__answer" />
        </details>
      ))}
    </div>
  );
}
