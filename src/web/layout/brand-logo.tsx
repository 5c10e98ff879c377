import type { SiteSettings } from '../../shared/schemas/site-settings';

/** The owner's logo, or the drawn mark in the theme colour; then the site's name and tagline. */
export function BrandLogo({ site }: { site: SiteSettings }) {
  return (
    <>
      {site.logo ? (
        <img className="brand__mark" src={site.logo} alt="" width="32" height="32" />
      ) : (
        <svg className="brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="var(--color-primary-600)" />
          <path d="M11 9.5v13l11-6.5-11-6.5Z" fill="#fff" />
        </svg>
      )}
      <span className="brand__text">
        <span className="brand__name">{site.name}</span>
        {site.tagline && <span className="brand__tagline">{site.tagline}</span>}
      </span>
    </>
  );
}

/** The home link's accessible name starts with the visible name and tagline (what voice users say), then says where it goes. */
export const brandLabel = (site: SiteSettings) => `${[site.name, site.tagline].filter(Boolean).join(', ')}: home`;
