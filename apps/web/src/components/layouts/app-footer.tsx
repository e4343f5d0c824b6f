import { APP_NAME } from '@/config/app-name';

/** Spec §1: placeholder links (no targets yet, hence `<a>` without `href`) and a 2024 copyright line. */
const FOOTER_LINKS = [
  'Про нас',
  'Контакти',
  'Свідоцтво про реєстрацію',
  'Угода про конфіденційність',
  'Угода користувача',
  'Договір оферти',
  'Гаряча лінія',
  'Чат',
  'Задати питання',
] as const;

export function AppFooter() {
  return (
    <footer className="app-footer">
      <div className="app-content" style={{ paddingBottom: 24 }}>
        <nav aria-label="Інформація">
          <ul>
            {FOOTER_LINKS.map((label) => (
              <li key={label}>
                <a>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="app-footer-copyright">© 2024 {APP_NAME}. Усі права захищено.</p>
      </div>
    </footer>
  );
}
