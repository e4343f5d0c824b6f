import { Link } from 'react-router';

import { APP_NAME } from '@/config/app-name';
import { paths } from '@/config/paths';

/**
 * Issue 23: the footer links only to pages that exist (spec §1 listed placeholder links; a link with nothing
 * behind it is not shown), and its copyright line carries the current year.
 */
const FOOTER_LINKS = [
  { label: 'Про нас', to: paths.legal.about },
  { label: 'Контакти', to: paths.legal.contacts },
  { label: 'Угода користувача', to: paths.legal.terms },
  { label: 'Угода про конфіденційність', to: paths.legal.privacy },
  { label: 'Договір оферти', to: paths.legal.offer },
] as const;

export function AppFooter() {
  return (
    <footer className="app-footer">
      <div className="app-content" style={{ paddingBottom: 24 }}>
        <nav aria-label="Інформація">
          <ul>
            {FOOTER_LINKS.map(({ label, to }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="app-footer-copyright">
          © {new Date().getFullYear()} {APP_NAME}. Усі права захищено.
        </p>
      </div>
    </footer>
  );
}
