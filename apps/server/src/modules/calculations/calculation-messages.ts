import { qualificationOutsideStaffTableMessage } from '@medcalc/domain';

export const CALCULATION_MESSAGES = {
  saved: 'Калькуляції збережено.',
  calculated: 'Калькуляції розраховано. Замовлення готове до відправлення на погодження.',
  notInOrder: 'Калькуляцію не знайдено в цьому замовленні.',
  repeated: 'Калькуляцію вказано двічі.',
  unknownStaff:
    'Посади немає у штатному розписі закладу. Оберіть кваліфікацію зі штатного розпису.',
  unknownMaterial:
    'Матеріал не знайдено серед шаблонних і власних матеріалів закладу. Оберіть його зі списку.',
  unknownEquipment:
    'Обладнання не знайдено ні серед шаблонного, ні в реєстрі закладу. Оберіть інше.',
  equipmentNotChosen: (line: number) => `Обладнання, рядок ${line}: оберіть обладнання з реєстру.`,
  equipmentNoMinutes: (line: number, named: string) =>
    `Обладнання, рядок ${line}${named}: вкажіть час використання, хв (більше нуля).`,
  noServices: 'Додайте до замовлення хоча б одну послугу.',
  qualificationNotInTable: qualificationOutsideStaffTableMessage,
  tooLarge:
    'вартість перевищує 999 999 999 999,99 грн, її не можна зберегти. Перевірте ціни, витрати та оклади.',
} as const;
