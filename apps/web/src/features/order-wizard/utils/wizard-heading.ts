import { orderStage, type OrderStage, type OrderStatus } from '@medcalc/domain';

/**
 * The wizard's title for the order's stage (issue 33): spec §2's «Розрахувати нові послуги» while the order is new
 * or a draft, then what the order is — so an approved order never opens under a "calculate new services" title.
 */
const WIZARD_TITLES: Readonly<Record<OrderStage, string>> = {
  unpaid: 'Розрахувати нові послуги',
  new: 'Розрахувати нові послуги',
  draft: 'Розрахувати нові послуги',
  calculated: 'Калькуляції розраховано',
  'awaiting-approval': 'Калькуляції на погодженні',
  approved: 'Погоджені калькуляції',
};

/** The title of the wizard's page: spec §2's title until the order's status is known. */
export const wizardTitle = (status: OrderStatus | undefined): string =>
  status === undefined ? WIZARD_TITLES.new : WIZARD_TITLES[orderStage(status)];

/** A banner under the wizard's subtitle: what the order's stage means for the user now. */
export interface WizardBanner {
  type: 'info' | 'success';
  text: string;
}

/**
 * Issue 18: an order whose data were updated («Оновити дані в калькуляції») is at a later revision; until it is
 * calculated again the wizard says what changed and what to do.
 */
const revisionNotice = (revision: number) =>
  `Редакція ${revision}: дані оновлено з поточного штатного розпису, цін матеріалів і даних закладу. Перевірте та натисніть «Розрахувати».`;

/**
 * The banner for the order's stage and revision (issue 33), or `null` when the subtitle says enough (a new order or
 * a draft of the first revision): a re-priced revision says what to check, a calculated order that an edit turns
 * back into a draft, an order on approval or approved that it is read-only and how it can be re-priced.
 */
export function wizardBanner(status: OrderStatus, revision: number): WizardBanner | null {
  switch (orderStage(status)) {
    case 'unpaid':
      return null;
    case 'new':
    case 'draft':
      return revision > 1 ? { type: 'info', text: revisionNotice(revision) } : null;
    case 'calculated':
      return {
        type: 'info',
        text: 'Замовлення розраховано: документи готові у списку замовлень. Якщо змінити й зберегти калькуляції, замовлення знову стане чернеткою, і його треба буде розрахувати ще раз.',
      };
    case 'awaiting-approval':
      return {
        type: 'info',
        text: 'Замовлення на погодженні: калькуляції лише для перегляду, доки постачальник їх не погодить.',
      };
    case 'approved':
      return {
        type: 'success',
        text: 'Замовлення погоджено: калькуляції лише для перегляду. Щоб переоцінити послуги за поточними даними, натисніть «Оновити дані в калькуляції» у списку замовлень — буде створено нову редакцію, а погоджена залишиться незмінною.',
      };
  }
}
