import type { ReactNode } from 'react';
import { Link } from './link';
import type { HeroButton as HeroButtonConfig } from '../../shared/schemas';

export const buttonClass = (color: string, variant: string, size: string) => `btn btn-${color} btn-${variant} btn-${size}`;

/** Site paths navigate inside the app; anything else is an ordinary link. */
export function SmartLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('/admin') && !href.startsWith('/uploads/')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

export function HeroButton({ button }: { button: HeroButtonConfig }) {
  if (!button.isActive || !button.text) return null;
  const className = buttonClass(button.color, button.variant, button.size);
  return <SmartLink href={button.link || '#'} className={className}>{button.text}</SmartLink>;
}
