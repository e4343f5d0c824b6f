import { PASSWORD_RESET_TTL_MINUTES } from '@medcalc/domain';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Ukrainian password-reset letter, as plain text and HTML. */
export function buildResetMail(input: { name: string; link: string }) {
  const subject = 'Скидання пароля — MedCalc';
  const text = [
    `Вітаємо, ${input.name}!`,
    '',
    'Ви отримали цей лист, бо для вашого облікового запису надійшов запит на скидання пароля.',
    `Щоб встановити новий пароль, перейдіть за посиланням (діє ${PASSWORD_RESET_TTL_MINUTES} хвилин):`,
    input.link,
    '',
    'Якщо ви не надсилали запит, просто проігноруйте цей лист.',
  ].join('\n');
  const html =
    `<p>Вітаємо, ${escapeHtml(input.name)}!</p>` +
    '<p>Ви отримали цей лист, бо для вашого облікового запису надійшов запит на скидання пароля.</p>' +
    `<p><a href="${escapeHtml(input.link)}">Скинути пароль</a> (посилання діє ${PASSWORD_RESET_TTL_MINUTES} хвилин).</p>` +
    '<p>Якщо ви не надсилали запит, просто проігноруйте цей лист.</p>';
  return { subject, text, html };
}
