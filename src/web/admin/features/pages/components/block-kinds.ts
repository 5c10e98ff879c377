import type { Block, BlockType } from '../../../../../shared/schemas/page';

/** The nine block types, as the add menu and each block's heading name them. */
export const BLOCK_LABELS: Record<BlockType, string> = {
  richText: 'Rich text',
  image: 'Image',
  gallery: 'Gallery',
  callToAction: 'Call to action',
  productGrid: 'Product grid',
  faq: 'FAQ',
  video: 'Video',
  newsletter: 'Newsletter sign-up',
  contactForm: 'Contact form',
};

export const BLOCK_HINTS: Record<BlockType, string> = {
  richText: 'Formatted text: headings, lists, links, pictures',
  image: 'One picture with a caption',
  gallery: 'Several pictures in a grid',
  callToAction: 'A heading, a line of text and a button',
  productGrid: 'Products of a category, of a tag, or picked by hand',
  faq: 'Questions and answers (shown to search engines as an FAQ)',
  video: 'An uploaded video, or a YouTube or Vimeo link',
  newsletter: 'The newsletter sign-up box',
  contactForm: 'Name, e-mail and message, plus fields of your own',
};

/** A block id made here: the server keeps ids it is given (letters, digits, _ and -). */
export const newBlockId = () => `b${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;

/** A new, empty block of a type: what the owner fills in. */
export function blankBlock(type: BlockType): Block {
  const id = newBlockId();
  switch (type) {
    case 'richText':
      return { id, type, html: '' };
    case 'image':
      return { id, type, url: '', alt: '', caption: '' };
    case 'gallery':
      return { id, type, images: [] };
    case 'callToAction':
      return { id, type, heading: '', text: '', button: { text: '', link: '' } };
    case 'productGrid':
      return { id, type, source: 'category', categoryId: null, tagId: null, productIds: [], limit: 8 };
    case 'faq':
      return { id, type, items: [{ question: '', answer: '' }] };
    case 'video':
      return { id, type, url: '' };
    case 'newsletter':
      return { id, type, heading: '', text: '' };
    case 'contactForm':
      return { id, type, fields: [], consentText: '', successMessage: '' };
  }
}

/** "Block 2: Call to action" */
export const blockName = (block: Block, index: number) => `Block ${index + 1}: ${BLOCK_LABELS[block.type]}`;
