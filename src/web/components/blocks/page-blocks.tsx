import type { SitePageData } from '../../loaders';
import { RichTextBlock } from './rich-text-block';
import { ImageBlock } from './image-block';
import { GalleryBlock } from './gallery-block';
import { CallToActionBlock } from './call-to-action-block';
import { ProductGridBlock } from './product-grid-block';
import { FaqBlock } from './faq-block';
import { VideoBlock } from './video-block';
import { NewsletterBlock } from './newsletter-block';
import { ContactFormBlock } from './contact-form-block';

/** A page's blocks in their order, each drawn by its own renderer. */
export function PageBlocks({ data }: { data: SitePageData }) {
  const { page, grids, sent, form, preview = false } = data;
  // The page's first picture, when only the opening text comes before it, is above the fold on a phone
  // and is the page's largest paint: loaded first and preloaded, never lazily.
  const firstPicture = page.blocks.findIndex((block) => block.type === 'image' || block.type === 'gallery');
  const leadPicture = firstPicture === 0 || (firstPicture === 1 && page.blocks[0]!.type === 'richText') ? firstPicture : -1;
  return (
    <>
      {page.blocks.map((block, index) => {
        switch (block.type) {
          case 'richText':
            return <RichTextBlock key={block.id} block={block} />;
          case 'image':
            return <ImageBlock key={block.id} block={block} first={index === leadPicture} />;
          case 'gallery':
            return <GalleryBlock key={block.id} block={block} />;
          case 'callToAction':
            return <CallToActionBlock key={block.id} block={block} />;
          case 'productGrid':
            return <ProductGridBlock key={block.id} products={grids[block.id] ?? []} />;
          case 'faq':
            return <FaqBlock key={block.id} block={block} />;
          case 'video':
            return <VideoBlock key={block.id} block={block} title={page.title} />;
          case 'newsletter':
            return <NewsletterBlock key={block.id} block={block} preview={preview} />;
          case 'contactForm':
            return <ContactFormBlock key={block.id} block={block} pageId={page.id} pageSlug={page.slug} sent={sent === block.id} state={form} preview={preview} />;
        }
      })}
    </>
  );
}
