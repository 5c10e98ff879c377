import { SiteSettingsSchema, type SiteSettings } from '../../../../../shared/schemas/site-settings';
import { EditorFooter } from '../../../components/ui/editor-footer';
import { KeptDraftOffer } from '../../../components/ui/kept-draft-offer';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { TextField } from '../../../components/ui/form-field';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { ImagePicker } from '../../../components/ui/media-picker';
import { PageHeader } from '../../../components/ui/page-header';
import { SaveButton } from '../../../components/ui/save-button';
import { SaveSummary } from '../../../components/ui/save-summary';
import { LoadError, SaveFeedback } from '../../../components/ui/save-feedback';
import { SocialCardPreview } from '../../../components/ui/social-card-preview';
import { useEditForm } from '../../../hooks/use-edit-form';
import { useLoad } from '../../../hooks/use-load';
import { fixedFailureText } from '../../../lib/save-failure';
import { hasErrorsUnder, schemaErrors } from '../../../lib/field-errors';
import { getSiteSettings, saveSiteSettings } from '../api/site-settings';
import { SocialLinksEditor } from './social-links-editor';

export default function SiteSettingsScreen() {
  const state = useLoad(getSiteSettings, 'site settings');
  if (state.status === 'loading') return <InlineLoading />;
  if (state.status === 'error') return <LoadError what="the site settings" />;
  return <SiteSettingsForm initial={state.data} />;
}

function SiteSettingsForm({ initial }: { initial: SiteSettings }) {
  const editor = useEditForm({
    draftKey: 'site-settings',
    reload: getSiteSettings,
    initial,
    validate: (site) => schemaErrors(SiteSettingsSchema, site),
    failureText: fixedFailureText('Failed to save site settings'),
    save: async (site) => {
      await saveSiteSettings(SiteSettingsSchema.parse(site));
    },
  });
  const { form: site, errors } = editor;
  const set = (change: Partial<SiteSettings>) => editor.setForm((current) => ({ ...current, ...change }));
  const saveButton = <SaveButton status={editor.status} onClick={() => void editor.submit()} refused={editor.invalid} waitingFor={editor.waitingForUploads ? editor.uploading : 0} />;
  return (
    <div className="adm-page">
      <PageHeader
        title="Site Settings"
        description="The site's name, logo and links, used in the header, footer, titles and social cards."
        actions={
          <>
            <SaveSummary errors={errors} failure={editor.failure} />
            {saveButton}
          </>
        }
      />
      <SaveFeedback status={editor.status} />
      <KeptDraftOffer editor={editor} />
      <CollapsibleSection title="Identity" hasErrors={hasErrorsUnder(errors, ['name', 'tagline', 'contactEmail'])}>
        <TextField label="Site Name" value={site.name} onChange={(name) => set({ name })} required maxLength={60} error={errors.name} />
        <TextField label="Tagline" value={site.tagline} onChange={(tagline) => set({ tagline })} maxLength={120} error={errors.tagline} />
        <TextField label="Contact E-mail" type="email" value={site.contactEmail} onChange={(contactEmail) => set({ contactEmail })} error={errors.contactEmail} />
      </CollapsibleSection>
      <CollapsibleSection title="Catalogue">
        <label className="adm-check">
          <input type="checkbox" checked={site.soldOutProducts === 'hidden'} onChange={(event) => set({ soldOutProducts: event.target.checked ? 'hidden' : 'listed' })} /> Hide sold-out
          products from category pages, counts and filters (their own pages still open)
        </label>
      </CollapsibleSection>
      <CollapsibleSection title="Logo & Favicon" hasErrors={hasErrorsUnder(errors, ['logo', 'favicon'])}>
        <ImagePicker label="Logo" hint="Shown next to the name; blank uses the built-in mark" value={site.logo} onChange={(logo) => set({ logo })} error={errors.logo} />
        <ImagePicker
          label="Favicon"
          hint="Blank draws the mark in the theme's primary colour"
          value={site.favicon}
          onChange={(favicon) => set({ favicon })}
          error={errors.favicon}
        />
      </CollapsibleSection>
      <CollapsibleSection title="Social Links" hasErrors={hasErrorsUnder(errors, ['socialLinks'])}>
        <SocialLinksEditor links={site.socialLinks} onChange={(socialLinks) => set({ socialLinks })} errors={errors} />
      </CollapsibleSection>
      <CollapsibleSection title="Default Share Image" hasErrors={hasErrorsUnder(errors, ['shareImage'])}>
        <ImagePicker
          label="Share Image"
          hint="Shown when a page without a picture of its own is shared; blank makes one from the name and theme colour"
          value={site.shareImage}
          onChange={(shareImage) => set({ shareImage })}
          error={errors.shareImage}
        />
        <SocialCardPreview title={site.name} description={site.tagline} image={site.shareImage} />
      </CollapsibleSection>
      <EditorFooter editor={editor} errors={errors} viewHref="/">
        {saveButton}
      </EditorFooter>
    </div>
  );
}
