import { describe, expect, it } from 'vitest';
import { MAILED_STATUSES } from '@medcalc/domain';
import { buildOrderStatusMail } from './status-mail';

describe('buildOrderStatusMail (issue 23: one word for approval)', () => {
  const approved = buildOrderStatusMail({
    name: 'Олена',
    orderName: 'Прайс 2027',
    status: 'confirmed',
    link: 'https://medcalc.test/orders',
  });

  it('says «погоджено» in the subject and body of the approval letter', () => {
    expect(approved.subject).toBe('Калькуляцію «Прайс 2027» погоджено — MedCalc');
    expect(approved.text).toContain(
      'Калькуляцію замовлення «Прайс 2027» погоджено. Погоджені документи можна завантажити на сторінці замовлень.',
    );
  });

  it.each(MAILED_STATUSES)('never says «затверджено» in the %s letter', (status) => {
    const mail = buildOrderStatusMail({ name: 'Олена', orderName: 'Прайс', status, link: 'x' });
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/затвердж/i);
  });
});
