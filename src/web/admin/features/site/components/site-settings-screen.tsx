import { useState } from 'react';
import { SiteSettingsSchema, type SiteSettings } from '../../../../../shared/schemas/site-settings';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { TextField } from '../../../components/ui/form-field';
import { InlineLoading } from '../../../components/ui/loading-screen';
import { ImagePicker } from '../../../components/ui/media-picker';
import { PageHeader } from '../../../components/ui/page-header';
import { SaveButton } from '../../../components/ui/save-button';
import { LoadError, SaveFeedback } from '../../../components/ui/save-feedback';
import { SocialCardPreview } from '../../../components/ui/social-card-preview';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { useLoad } from '../../../hooks/use-load';
import { useSaveState } from '../../../hooks/use-save-state';
import { useSaveShortcut } from '../../../hooks/use-save-shortcut';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes';
import { isEditConflict } from '../../../lib/admin-api';
import { hasErrorsUnder, toFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { getSiteSettings, saveSiteSettings } from '../api/site-settings';
import { SocialLinksEditor } from './social-links-editor';

export default function SiteSettingsScreen() {
  const state = useLoad(getSiteSettings, 'site settings');
  if (state.status === 'loading') return <InlineLoading />;
  if (state.status === 'error') return <LoadError what="the site settings" />;
  return <SiteSettingsForm initial={state.data} />;
}

function SiteSettingsForm({ initial }: { initial: SiteSettings }) {
  const [site, setSite] = useState(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  useFocusFirstError(errors);
  const dirty = JSON.stringify(site) !== baseline;
  const { blocker } = useUnsavedChanges(dirty);
  const save = useSaveState();
  const set = (change: Partial<SiteSettings>) => setSite((current) => ({ ...current, ...change }));

  const onSave = () => {
    const parsed = SiteSettingsSchema.safeParse(site);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const sent = JSON.stringify(site);
    void save.run(
      async () => {
        await saveSiteSettings(parsed.data);
        setBaseline(sent);
      },
      (error) => (isEditConflict(error) ? (error as Error).message : 'Failed to save site settings'),
    );
  };

  useSaveShortcut(onSave);
  const saveButton = <SaveButton status={save.status} onClick={onSave} />;
  return (
    <div className="adm-page">
      <PageHeader title="Site Settings" description="The site's name, logo and links, used in the header, footer, titles and social cards." actions={saveButton} />
      <SaveFeedback status={save.status} error={save.error} />
      <CollapsibleSection title="Identity" hasErrors={hasErrorsUnder(errors, ['name', 'tagline', 'contactEmail'])}>
        <TextField label="Site Name" value={site.name} onChange={(name) => set({ name })} required maxLength={60} error={errors.name} />
        <TextField label="Tagline" value={site.tagline} onChange={(tagline) => set({ tagline })} maxLength={120} error={errors.tagline} />
        <TextField label="Contact E-mail" type="email" value={site.contactEmail} onChange={(contactEmail) => set({ contactEmail })} error={errors.contactEmail} />
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
      <div className="adm-page__footer">{saveButton}</div>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
