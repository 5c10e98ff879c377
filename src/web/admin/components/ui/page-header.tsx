import { useEffect, type ReactNode } from 'react';

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Admin Panel`;
  }, [title]);
  return (
    <header className="adm-page-header">
      <div>
        <h1 className="adm-page-header__title">{title}</h1>
        {description ? <p className="adm-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="adm-page-header__actions">{actions}</div> : null}
    </header>
  );
}

/** Opens a public page in a new tab. */
export function PreviewLink({ href, label = 'Preview' }: { href: string; label?: string }) {
  return (
    <a className="adm-button" href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}
