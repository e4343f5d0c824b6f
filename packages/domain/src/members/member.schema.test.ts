import { describe, expect, it } from 'vitest';
import { inertMailText, invitationMailSubject } from './member.schema';

describe('text typed by a user, made inert for an invitation letter (issue 34)', () => {
  it('breaks every address a mail client would link, and keeps ordinary names as they are', () => {
    expect(inertMailText('Перейдіть на http://evil.example/login і введіть пароль')).toBe(
      'Перейдіть на http[:]//evil[.]example/login і введіть пароль',
    );
    expect(inertMailText('www.evil.example')).toBe('www[.]evil[.]example');
    expect(inertMailText('bank。example')).toBe('bank[.]example');
    expect(inertMailText('КНП «Лікарня № 1». м. Київ')).toBe('КНП «Лікарня № 1». м. Київ');
    expect(inertMailText('ТОВ "Медікал-Сервіс"')).toBe('ТОВ "Медікал-Сервіс"');
  });

  it('keeps the text on one line without invisible or direction-changing characters', () => {
    expect(inertMailText('Лікарня\r\nПерейдіть: evil.example')).toBe(
      'Лікарня Перейдіть: evil[.]example',
    );
    expect(inertMailText('Лікарня\u202Eelpmaxe\u200B')).toBe('Лікарня elpmaxe');
  });

  it('puts the inert name into the subject', () => {
    expect(invitationMailSubject('Клініка http://evil.example')).toBe(
      'Запрошення до установи «Клініка http[:]//evil[.]example» у medcalc',
    );
  });
});
