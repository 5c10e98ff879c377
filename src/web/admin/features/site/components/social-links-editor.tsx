import { useId } from 'react';
import type { SocialLink } from '../../../../../shared/schemas/site-settings';
import { SOCIAL_NETWORKS, SOCIAL_NETWORK_INFO, type SocialNetwork } from '../../../../../shared/social-networks';
import { describedBy } from '../../../components/ui/form-field';
import type { FieldErrors } from '../../../lib/field-errors';

type Props = { links: SocialLink[]; onChange: (links: SocialLink[]) => void; errors: FieldErrors };

/** Any number of profiles: a network (which gives the icon) and its https link each. */
export function SocialLinksEditor({ links, onChange, errors }: Props) {
  const update = (index: number, change: Partial<SocialLink>) => onChange(links.map((link, i) => (i === index ? { ...link, ...change } : link)));
  return (
    <div className="adm-social-links">
      {links.map((link, index) => (
        <SocialLinkRow
          key={index}
          index={index}
          link={link}
          error={errors[`socialLinks.${index}.url`] ?? errors[`socialLinks.${index}.network`]}
          onChange={(change) => update(index, change)}
          onRemove={() => onChange(links.filter((_, i) => i !== index))}
        />
      ))}
      {errors.socialLinks ? (
        <p className="adm-field__error" role="alert">
          {errors.socialLinks}
        </p>
      ) : null}
      <button type="button" className="adm-button" onClick={() => onChange([...links, { network: 'youtube', url: '' }])}>
        Add Social Link
      </button>
    </div>
  );
}

type RowProps = { index: number; link: SocialLink; error: string | undefined; onChange: (change: Partial<SocialLink>) => void; onRemove: () => void };

function SocialLinkRow({ index, link, error, onChange, onRemove }: RowProps) {
  const id = useId();
  const label = SOCIAL_NETWORK_INFO[link.network].label;
  return (
    <div className={`adm-social-row${error ? ' adm-field--invalid' : ''}`}>
      <div className="adm-field">
        <label className="adm-field__label" htmlFor={`${id}-network`}>
          Network {index + 1}
        </label>
        <select id={`${id}-network`} className="adm-input adm-select" value={link.network} onChange={(event) => onChange({ network: event.target.value as SocialNetwork })}>
          {SOCIAL_NETWORKS.map((network) => (
            <option key={network} value={network}>
              {SOCIAL_NETWORK_INFO[network].label}
            </option>
          ))}
        </select>
      </div>
      <div className="adm-field">
        <label className="adm-field__label" htmlFor={`${id}-url`}>
          {`${label} Link`}
        </label>
        <input
          id={`${id}-url`}
          className="adm-input"
          type="url"
          placeholder="https://"
          value={link.url}
          onChange={(event) => onChange({ url: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-url`, undefined, error)}
        />
        {error ? (
          <p className="adm-field__error" id={`${id}-url-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="button" className="adm-button adm-button--small adm-button--danger" onClick={onRemove} aria-label={`Remove ${label} link ${index + 1}`}>
        Remove
      </button>
    </div>
  );
}
