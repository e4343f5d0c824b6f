import type { StuffLine } from './calculation.schema';
import { fieldPath, type FieldPlace } from './field-path';

/**
 * One thing the server refuses in the wizard's payload: where it is (`place`: the service, the line and the
 * field), the Ukrainian `message`, and for the final check's messages who it is about (`subject`, a service's name
 * or the institution), which the 422's message says first because the toast has no other context.
 */
export interface FieldError {
  place: FieldPlace;
  message: string;
  subject?: { service: string } | 'institution';
}

/** The 422's `errors` (spec §7: `{ field path: [messages] }`), keyed in the order given; the first error of a path wins. */
export function fieldErrorsRecord(errors: readonly FieldError[]): Record<string, string[]> {
  const record: Record<string, string[]> = {};
  for (const error of errors) record[fieldPath(error.place)] ??= [wireMessage(error)];
  return record;
}

/** The message as it travels: `Послуга «УЗД»: …`, `Дані закладу: …`, or the message alone. */
export function wireMessage({ message, subject }: FieldError): string {
  if (subject === undefined) return message;
  if (subject === 'institution') return `Дані закладу: ${message}`;
  return `Послуга «${subject.service}»: ${message}`;
}

/**
 * A travelled message without the subject {@link wireMessage} put first: under the field, or after the wizard's
 * own description of the place, it would be said twice. A service name holding `»` is matched up to the first
 * `»: `, which a name cannot be told from.
 */
export function withoutSubject(message: string): string {
  return message.replace(/^(?:Дані закладу|Послуга «.*?»): /, '');
}

/**
 * A staff line whose qualification names a position the company's staffing table has no row for (spec §8: a
 * template's or an earlier revision's qualification; `quality.id` null). The wizard marks it in step 2 and the
 * final Calculate refuses it. A blank name is no qualification at all, which `validateForCalculation` reports.
 */
export const isQualificationOutsideStaffTable = (line: Pick<StuffLine, 'quality'>) =>
  line.quality !== null && line.quality.id === null && line.quality.name.trim() !== '';

/** The final Calculate's message for such a line (`line` from 1). */
export const qualificationOutsideStaffTableMessage = (line: number, name: string) =>
  `Персонал, рядок ${line}: посади «${name}» немає у штатному розписі закладу, оберіть кваліфікацію.`;
