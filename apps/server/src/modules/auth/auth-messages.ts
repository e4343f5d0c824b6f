import { UNAUTHENTICATED_MESSAGE } from '../../lib/session';

export const MESSAGES = {
  loggedIn: 'Ви успішно увійшли.',
  registered: 'Реєстрацію завершено. Ласкаво просимо!',
  loggedOut: 'Ви вийшли з системи.',
  badCredentials: 'Невірна електронна пошта або пароль.',
  emailTaken: 'Користувач з такою електронною поштою вже зареєстрований.',
  tooManyAttempts: (minutes: number) => `Забагато спроб. Спробуйте ще раз через ${minutes} хв.`,
  tooManyLogins: (minutes: number) =>
    `Забагато невдалих спроб входу. Спробуйте ще раз через ${minutes} хв.`,
  resetLinkSent:
    'Якщо ця адреса зареєстрована, ми надіслали на неї лист із посиланням для скидання пароля.',
  resetDone: 'Пароль змінено. Тепер ви можете увійти з новим паролем.',
  resetInvalid: 'Посилання для скидання пароля недійсне або застаріле. Запросіть нове.',
  profileSaved: 'Профіль збережено.',
  passwordChanged: 'Пароль змінено. Інші сеанси вашого облікового запису завершено.',
  tooManyPasswordChecks: (minutes: number) =>
    `Забагато невдалих спроб ввести пароль. Спробуйте ще раз через ${minutes} хв.`,
  unauthenticated: UNAUTHENTICATED_MESSAGE,
} as const;
