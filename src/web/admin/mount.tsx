import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/admin-app';
import './styles/base.css';
import './styles/shell.css';
import './styles/forms.css';
import './styles/media.css';
import './styles/lists.css';
import './styles/redirects.css';
import './styles/integrations.css';
import './styles/seo.css';
import './styles/pages.css';
import './styles/feedback.css';

/**
 * The entry the public client bundle lazy-loads for every /admin path: the
 * back-office is client-rendered in its own React root and router.
 */
export function mountAdmin(container: HTMLElement): void {
  container.classList.add('adm-root');
  document.body.classList.add('adm-body');
  createRoot(container).render(<AdminApp />);
}
