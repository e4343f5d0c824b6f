import {
  INVITATION_TTL_DAYS,
  invitationMailSubject,
  MEMBER_ROLE_LABELS,
  type MemberRole,
} from '@medcalc/domain';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Ukrainian invitation letter (issue 22), as plain text and HTML, like the password-reset letter. */
export function buildInvitationMail(input: {
  companyName: string;
  invitedBy: string;
  role: MemberRole;
  link: string;
}) {
  const role = MEMBER_ROLE_LABELS[input.role];
  const text = [
    'Вітаємо!',
    '',
    `${input.invitedBy} запрошує вас до установи «${input.companyName}» у medcalc з роллю «${role}».`,
    `Щоб приєднатися, перейдіть за посиланням (діє ${INVITATION_TTL_DAYS} днів, лише один раз):`,
    input.link,
    '',
    'Якщо ви не чекали на це запрошення, просто проігноруйте цей лист.',
  ].join('\n');
  const html =
    '<p>Вітаємо!</p>' +
    `<p>${escapeHtml(input.invitedBy)} запрошує вас до установи «${escapeHtml(input.companyName)}» у medcalc з роллю «${escapeHtml(role)}».</p>` +
    `<p><a href="${escapeHtml(input.link)}">Приєднатися</a> (посилання діє ${INVITATION_TTL_DAYS} днів, лише один раз).</p>` +
    '<p>Якщо ви не чекали на це запрошення, просто проігноруйте цей лист.</p>';
  return { subject: invitationMailSubject(input.companyName), text, html };
}
