import { CheckCircleTwoTone } from '@ant-design/icons';
import { Button, Col, Flex, Row, Typography } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router';

import { APP_NAME } from '@/components/ui/page-title';
import { paths } from '@/config/paths';

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
        <Row gutter={[32, 24]} align="middle">
          <Col xs={24} md={15}>
            <Typography.Title level={1} style={{ fontSize: 'clamp(28px, 5vw, 38px)' }}>
              Точний розрахунок собівартості та ціни платних медичних послуг
            </Typography.Title>
            <Typography.Paragraph style={{ fontSize: 18 }}>
              Ми — команда економістів і фахівців з фінансів. Допомагаємо лікарням і клінікам точно
              розрахувати вартість послуг, обґрунтувати ціни та оптимізувати витрати.
            </Typography.Paragraph>
            <Flex gap={12} wrap>
              <Button type="primary" size="large" onClick={() => showSection(reasonsRef.current)}>
                Дізнатися більше
              </Button>
              <Button size="large" onClick={() => showSection(contactRef.current)}>
                Зв’язатися зараз
              </Button>
            </Flex>
          </Col>
          <Col xs={24} md={9}>
            <div className="landing-panel">
              <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
                Як це працює
              </Typography.Title>
              <ol style={{ paddingLeft: 20, margin: 0, lineHeight: 1.9 }}>
                <li>Зареєструйте заклад.</li>
                <li>Оберіть послуги для розрахунку й оформіть замовлення.</li>
                <li>Після оплати заповніть дані закладу, час персоналу й матеріали.</li>
                <li>Отримайте собівартість, ціну та документи у PDF.</li>
              </ol>
            </div>
          </Col>
        </Row>
      </section>

      <section
        ref={reasonsRef}
        tabIndex={-1}
        aria-labelledby="landing-reasons"
        style={{ padding: '32px 0', outline: 'none' }}
      >
        <Typography.Title level={2} id="landing-reasons">
          Чому обирають нас
        </Typography.Title>
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 }}>
          {REASONS.map((reason) => (
            <li key={reason} style={{ display: 'flex', gap: 12, fontSize: 16 }}>
              <CheckCircleTwoTone aria-hidden twoToneColor="#0b6bcb" style={{ marginTop: 4 }} />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="landing-testimonials" style={{ padding: '32px 0' }}>
        <Typography.Title level={2} id="landing-testimonials">
          Відгуки клієнтів
        </Typography.Title>
        <Row gutter={[24, 24]}>
          {TESTIMONIALS.map((testimonial) => (
            <Col xs={24} md={12} key={testimonial.author}>
              <div className="landing-panel" style={{ height: '100%' }}>
                <figure style={{ margin: 0 }}>
                  <blockquote style={{ margin: 0, fontSize: 16, fontStyle: 'italic' }}>
                    «{testimonial.quote}»
                  </blockquote>
                  <figcaption style={{ marginTop: 16 }}>
                    <Typography.Text strong>{testimonial.author}</Typography.Text>,{' '}
                    <Typography.Text type="secondary">{testimonial.role}</Typography.Text>
                  </figcaption>
                </figure>
              </div>
            </Col>
          ))}
        </Row>
      </section>

      <section
        ref={contactRef}
        tabIndex={-1}
        aria-labelledby="landing-contact"
        style={{ padding: '32px 0', outline: 'none' }}
      >
        <div className="landing-panel" style={{ background: '#f0f7ff' }}>
          <Typography.Title level={2} id="landing-contact" style={{ marginTop: 0 }}>
            Безкоштовна консультація
          </Typography.Title>
          <Typography.Paragraph style={{ fontSize: 16 }}>
            Зареєструйте заклад — представник нашої компанії зв’яжеться з вами та безкоштовно
            проконсультує щодо розрахунку вартості ваших послуг.
          </Typography.Paragraph>
          <Link to={paths.registration}>Зареєструвати заклад</Link>
        </div>
      </section>
    </>
  );
}
