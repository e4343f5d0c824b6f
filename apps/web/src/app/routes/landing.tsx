import { CheckCircleTwoTone } from '@ant-design/icons';
import { useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';

import { APP_NAME } from '@/config/app-name';
import { paths } from '@/config/paths';
import { useContacts } from '@/features/contacts/api/get-contacts';
import { formatPhone } from '@/utils/format';

/** Spec §1: the 'why choose us' list. */
const REASONS = [
  'Команда економістів і фахівців з фінансів, що працює саме з медичними закладами.',
  'Точний розрахунок собівартості: оплата праці персоналу, матеріали, накладні витрати закладу.',
  'Оптимізація витрат і обґрунтована рентабельність кожної платної послуги.',
  'Готові документи у PDF: прейскурант, калькуляції, витрати матеріалів.',
  'Супровід і консультації на кожному етапі — від заявки до погодження.',
] as const;

/** Spec §1: two client testimonials. */
const TESTIMONIALS = [
  {
    quote:
      'Ми вперше отримали обґрунтований прейскурант на всі платні послуги. Розрахунок, на який раніше йшли тижні, тепер займає кілька днів.',
    author: 'Олена Коваленко',
    role: 'головна економістка міської клінічної лікарні',
  },
  {
    quote:
      'Зручно, що штатний розпис, матеріали й одиниці виміру зберігаються в одному місці. Консультанти допомогли розібратися з рентабельністю.',
    author: 'Андрій Мельник',
    role: 'директор приватного медичного центру',
  },
] as const;

/**
 * The landing page is the first load of most visitors, so it is plain HTML with index.css's `landing-*` classes
 * and no antd at all: it renders outside antd's providers (app/antd-shell.tsx), and one antd component here
 * would bring antd's style engine back into what `/` downloads (docs/performance.md "Landing page").
 */
/** A phone number as a `tel:` target: digits and a leading plus only (`+380 (44) 123-45-67` → `+380441234567`). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Issue 13: 'Зв’язатися зараз' leads here, to the provider's phone and e-mail from the server's configuration
 * (`GET /api/contacts`) as `tel:` and `mailto:` links; registration stays the other way to be contacted.
 */
function ContactSection() {
  const contacts = useContacts();
  const { phone, email } = contacts.data ?? { phone: null, email: null };
  const hasContacts = phone !== null || email !== null;
  return (
    <>
      <p className="landing-lead" style={{ fontSize: 16 }}>
        {/* Issue 33: no promise of a phone or an address that the page does not show. */}
        {hasContacts
          ? 'Зателефонуйте або напишіть нам — чи зареєструйте заклад, і'
          : 'Зареєструйте заклад, і'}{' '}
        представник нашої компанії зв’яжеться з вами та безкоштовно проконсультує щодо розрахунку
        вартості ваших послуг.
      </p>
      {hasContacts ? (
        <ul className="landing-contacts" aria-label="Контакти">
          {phone === null ? null : (
            <li>
              Телефон: <a href={telHref(phone)}>{formatPhone(phone)}</a>
            </li>
          )}
          {email === null ? null : (
            <li>
              Ел. пошта: <a href={`mailto:${email}`}>{email}</a>
            </li>
          )}
        </ul>
      ) : null}
    </>
  );
}

/** A section the hero's buttons lead to: focusable from script (not by Tab), named by its heading `labelledBy`. */
function TargetSection({
  ref,
  labelledBy,
  children,
}: {
  ref: RefObject<HTMLElement | null>;
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={labelledBy}
      style={{ padding: '32px 0', outline: 'none' }}
    >
      {children}
    </section>
  );
}

export default function LandingRoute() {
  const reasonsRef = useRef<HTMLElement>(null);
  const contactRef = useRef<HTMLElement>(null);

  // Scroll and move focus, so keyboard and screen-reader users land in the section too.
  const showSection = (section: HTMLElement | null) => {
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section?.focus({ preventScroll: true });
  };

  return (
    <>
      <title>{`${APP_NAME} — розрахунок вартості медичних послуг`}</title>
      <section style={{ padding: '48px 0 32px' }}>
        <div className="landing-hero">
          <div>
            <h1 className="landing-title">
              Точний розрахунок собівартості та ціни платних медичних послуг
            </h1>
            <p className="landing-lead">
              Ми — команда економістів і фахівців з фінансів. Допомагаємо лікарням і клінікам точно
              розрахувати вартість послуг, обґрунтувати ціни та оптимізувати витрати.
            </p>
            <div className="landing-actions">
              <button
                type="button"
                className="landing-button landing-button-primary"
                onClick={() => showSection(reasonsRef.current)}
              >
                Дізнатися більше
              </button>
              <button
                type="button"
                className="landing-button"
                onClick={() => showSection(contactRef.current)}
              >
                Зв’язатися зараз
              </button>
            </div>
          </div>
          <div>
            <div className="landing-panel">
              <h2 className="landing-heading" style={{ fontSize: 20, marginTop: 0 }}>
                Як це працює
              </h2>
              <ol style={{ paddingLeft: 20, margin: 0, lineHeight: 1.9 }}>
                <li>Зареєструйте заклад.</li>
                <li>Оберіть послуги для розрахунку й оформіть замовлення.</li>
                <li>Після оплати заповніть дані закладу, час персоналу й матеріали.</li>
                <li>Отримайте собівартість, ціну та документи у PDF.</li>
              </ol>
            </div>
          </div>
        </div>
      </section>

      <TargetSection ref={reasonsRef} labelledBy="landing-reasons">
        <h2 className="landing-heading" id="landing-reasons">
          Чому обирають нас
        </h2>
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 }}>
          {REASONS.map((reason) => (
            <li key={reason} style={{ display: 'flex', gap: 12, fontSize: 16 }}>
              <CheckCircleTwoTone aria-hidden twoToneColor="#0b6bcb" style={{ marginTop: 4 }} />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      </TargetSection>

      <section aria-labelledby="landing-testimonials" style={{ padding: '32px 0' }}>
        <h2 className="landing-heading" id="landing-testimonials">
          Відгуки клієнтів
        </h2>
        <div className="landing-testimonials">
          {TESTIMONIALS.map((testimonial) => (
            <div key={testimonial.author}>
              <div className="landing-panel" style={{ height: '100%' }}>
                <figure style={{ margin: 0 }}>
                  <blockquote style={{ margin: 0, fontSize: 16, fontStyle: 'italic' }}>
                    «{testimonial.quote}»
                  </blockquote>
                  <figcaption style={{ marginTop: 16 }}>
                    <strong>{testimonial.author}</strong>,{' '}
                    <span className="landing-muted">{testimonial.role}</span>
                  </figcaption>
                </figure>
              </div>
            </div>
          ))}
        </div>
      </section>

      <TargetSection ref={contactRef} labelledBy="landing-contact">
        <div className="landing-panel" style={{ background: '#f0f7ff' }}>
          <h2 className="landing-heading" id="landing-contact" style={{ marginTop: 0 }}>
            Безкоштовна консультація
          </h2>
          <ContactSection />
          <Link to={paths.registration}>Зареєструвати заклад</Link>
        </div>
      </TargetSection>
    </>
  );
}
