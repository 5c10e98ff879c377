import type { SocialLink } from '../../shared/schemas/site-settings';
import { SOCIAL_NETWORK_INFO } from '../../shared/social-networks';

/** The owner's social profiles (site settings), each with its network's icon. */
export function SocialLinks({ links, className, withText = false }: { links: SocialLink[]; className?: string; withText?: boolean }) {
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {links.map((link, index) => {
        const { label, icon } = SOCIAL_NETWORK_INFO[link.network];
        return (
          <li key={`${link.network}-${index}`}>
            <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={withText ? undefined : `${label} (opens in a new tab)`} className="social-link">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path fill="currentColor" d={icon} />
              </svg>
              {withText && <span>{label}</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
