import { BRAND_TAGLINE } from '../../shared/constants';
import { SITE_NAME } from '../page-meta';

export function BrandLogo() {
  return (
    <>
      <svg className="brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-primary-600)" />
        <path d="M11 9.5v13l11-6.5-11-6.5Z" fill="#fff" />
      </svg>
      <span className="brand__text">
        <span className="brand__name">{SITE_NAME}</span>
        <span className="brand__tagline">{BRAND_TAGLINE}</span>
      </span>
    </>
  );
}
