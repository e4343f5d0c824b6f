import {
  INVITATION_TTL_DAYS,
  inertMailText,
  invitationMailSubject,
  MEMBER_ROLE_LABELS,
  type MemberRole,
} from '@medcalc/domain';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The Ukrainian invitation letter (issue 22), as plain text and HTML, like the password-reset letter. Issue 34: it
 * says which account invites (the inviter's name and e-mail) and that the institution's name is the sender's own
 * words; every name a user typed is inert text (`inertMailText`: no link in any mail client, one line) and escaped
 * in the HTML, whose one link is the app's own invitation URL.
 */
export function buildInvitationMail(input: {
  companyName: string;
  inviterName: string;
  inviterEmail: string;
  role: MemberRole;
  link: string;
}) {
  const role = MEMBER_ROLE_LABELS[input.role];
  const company = inertMailText(input.companyName);
  const inviter = `${inertMailText(input.inviterName)} (${input.inviterEmail})`;
  const invites = `Користувач medcalc ${inviter} запрошує вас до установи «${company}» з роллю «${role}».`;
  const whoSent = `Запрошення надіслано з облікового запису ${input.inviterEmail}. Назву установи вказав цей користувач, medcalc її не перевіряє: приєднуйтеся, лише якщо знаєте цю людину.`;
  const text = [
    'Вітаємо!',
    '',
    invites,
    whoSent,
    '',
    `Щоб приєднатися, перейдіть за посиланням (діє ${INVITATION_TTL_DAYS} днів, лише один раз):`,
    input.link,
    '',
    'Якщо ви не чекали на це запрошення, просто проігноруйте цей лист.',
  ].join('\n');
  const html =
    '<p>Вітаємо!</p>' +
    `<p>${escapeHtml(invites)}</p>` +
    `<p>${escapeHtml(whoSent)}</p>` +
    `<p><a href="${escapeHtml(input.link)}">Приєднатися</a> (посилання діє ${INVITATION_TTL_DAYS} днів, лише один раз).</p>` +
    '<p>Якщо ви не чекали на це запрошення, просто проігноруйте цей лист.</p>';
  return { subject: invitationMailSubject(input.companyName), text, html };
}
