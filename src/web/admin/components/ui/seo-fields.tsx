import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../../../shared/schemas/seo';
import { CollapsibleSection } from './collapsible-section';
import { TextAreaField, TextField } from './form-field';
import { SocialCardPreview } from './social-card-preview';

type SeoValue = { seoTitle: string | null; seoDescription: string | null };

type Props = SeoValue & {
  onChange: (change: Partial<SeoValue>) => void;
  /** What search engines and social cards show while the fields are blank. */
  fallbackTitle: string;
  fallbackDescription: string;
  image?: string | undefined;
  errors: { seoTitle?: string | undefined; seoDescription?: string | undefined };
};

/** Strips rich text for the preview (the server does the same for the meta description). */
const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/** Optional title and description for search results and social cards, with a live preview of the card. */
export function SeoFields({ seoTitle, seoDescription, onChange, fallbackTitle, fallbackDescription, image, errors }: Props) {
  return (
    <CollapsibleSection title="Search & Social" defaultOpen={false} hasErrors={Boolean(errors.seoTitle || errors.seoDescription)}>
      <TextField
        label="SEO Title"
        value={seoTitle ?? ''}
        onChange={(value) => onChange({ seoTitle: value || null })}
        maxLength={SEO_TITLE_MAX}
        hint={`Optional, up to ${SEO_TITLE_MAX} characters; blank uses the title (${(seoTitle ?? '').length}/${SEO_TITLE_MAX})`}
        error={errors.seoTitle}
      />
      <TextAreaField
        label="SEO Description"
        value={seoDescription ?? ''}
        onChange={(value) => onChange({ seoDescription: value || null })}
        maxLength={SEO_DESCRIPTION_MAX}
        rows={3}
        hint={`Optional, up to ${SEO_DESCRIPTION_MAX} characters; blank uses the description (${(seoDescription ?? '').length}/${SEO_DESCRIPTION_MAX})`}
        error={errors.seoDescription}
      />
      <SocialCardPreview title={seoTitle || fallbackTitle} description={seoDescription || plainText(fallbackDescription)} image={image} />
    </CollapsibleSection>
  );
}
