/** The brand's two social profiles (spec §2): a video channel and a photo-sharing profile. */
export const SOCIAL_LINKS = [
  { label: 'YouTube', href: 'https://www.youtube.com/', icon: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.8 15.1V8.9l5.8 3.1-5.8 3.1Z' },
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: 'M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM17 1.5H7A5.5 5.5 0 0 0 1.5 7v10A5.5 5.5 0 0 0 7 22.5h10a5.5 5.5 0 0 0 5.5-5.5V7A5.5 5.5 0 0 0 17 1.5Zm3.8 15.5a3.8 3.8 0 0 1-3.8 3.8H7A3.8 3.8 0 0 1 3.2 17V7A3.8 3.8 0 0 1 7 3.2h10A3.8 3.8 0 0 1 20.8 7v10Z' },
] as const;

export function SocialLinks({ className, withText = false }: { className?: string; withText?: boolean }) {
  return (
    <ul className={className}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.label}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={withText ? undefined : `${link.label} (opens in a new tab)`} className="social-link">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d={link.icon} />
            </svg>
            {withText && <span>{link.label}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
