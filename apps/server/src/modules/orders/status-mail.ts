import { ORDER_STATUS_LABELS, type MailedStatus } from '@medcalc/domain';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Where the letter sends the reader: a paid order opens in the wizard (work can start), an approved one on the
 * orders page, where its documents are. `appUrl` is the configured public address (as the password-reset link).
 */
export function orderStatusMailLink(
  appUrl: string,
  status: MailedStatus,
  identifier: string,
): string {
  const base = appUrl.replace(/\/+$/, '');
  return status === 'payed'
    ? `${base}/orders/create/${encodeURIComponent(identifier)}`
    : `${base}/orders`;
}

/** The Ukrainian letter telling a company's user that the provider set their order to `payed` or `confirmed`. */
export function buildOrderStatusMail(input: {
  name: string;
  orderName: string;
  status: MailedStatus;
  link: string;
}) {
  const statusLabel = ORDER_STATUS_LABELS[input.status];
  const paid = input.status === 'payed';
  const subject = paid
    ? `Оплату замовлення «${input.orderName}» підтверджено — MedCalc`
    : `Калькуляцію «${input.orderName}» погоджено — MedCalc`;
  const news = paid
    ? `Оплату замовлення «${input.orderName}» підтверджено. Можна розпочинати розрахунок.`
    : // One word for approval on screen, on paper and in mail (issue 23): «погоджено», never «затверджено».
      `Калькуляцію замовлення «${input.orderName}» погоджено. Погоджені документи можна завантажити на сторінці замовлень.`;
  const action = paid ? 'Відкрити замовлення' : 'Перейти до замовлень';
  const text = [
    `Вітаємо, ${input.name}!`,
    '',
    news,
    `Новий статус замовлення: «${statusLabel}».`,
    '',
    `${action}: ${input.link}`,
  ].join('\n');
  const html =
    `<p>Вітаємо, ${escapeHtml(input.name)}!</p>` +
    `<p>${escapeHtml(news)}</p>` +
    `<p>Новий статус замовлення: «${escapeHtml(statusLabel)}».</p>` +
    `<p><a href="${escapeHtml(input.link)}">${action}</a></p>`;
  return { subject, text, html };
}
