import {
  computeOrderCosts,
  WORKED_EXAMPLE_COMPANY_INFO,
  WORKED_EXAMPLE_STAFF_LINES,
  type CalculationContent,
  type CompanyInfo,
  type OrderStatus,
} from '@medcalc/domain';
import type { OrderDocumentSource } from '../src/modules/documents/document-source';

/**
 * Orders for the documents' tests and benchmark, built in memory: the worked example of docs/methodology.md
 * (cost 243.34, tariff 279.84) and large generated orders. Results come from the domain's `computeOrderCosts`,
 * as Calculate stores them.
 */

/** The institution of the worked example (UAH per year, m², percent, beds), with its requisites filled in. */
export const WORKED_INFO: CompanyInfo = {
  ...WORKED_EXAMPLE_COMPANY_INFO,
  name: 'КНП «Міська клінічна лікарня № 1» Київської міської ради',
  code: '00032129',
  payment_code: 'UA213223130000026007233566001',
  form: 1,
  ceo_name: 'Петренко Ольга Іванівна',
  ceo_phone: '+380 44 123 45 67',
  counter_name: 'Коваль Ірина Степанівна',
  counter_phone: '+380 44 765 43 21',
  address: 'м. Київ, вул. Ґалаґана, 14',
};

/** The worked example's service: two staff lines and five materials, bonus 20 %, profitability 15 %. */
export const WORKED_CONTENT: CalculationContent = {
  bonus: 20,
  profit: 15,
  // The domain's staff lines; the doctor's position is spelled as this fixture's documents print it.
  stuff: [
    {
      ...WORKED_EXAMPLE_STAFF_LINES[0],
      quality: { id: 11, name: 'Лікар ультразвукової діагностики' },
    },
    WORKED_EXAMPLE_STAFF_LINES[1],
  ],
  pills: [
    { id: 1, name: 'Гель для УЗД контактний', price: 0.34, spend: 20, measurement_type: 'мл' },
    {
      id: 2,
      name: 'Рукавички оглядові нітрилові нестерильні',
      price: 7.5,
      spend: 1,
      measurement_type: 'пара',
    },
    { id: 3, name: 'Пелюшка одноразова 60×90 см', price: 9, spend: 1, measurement_type: 'шт' },
    { id: 4, name: 'Рушник паперовий листовий', price: 0.3, spend: 4, measurement_type: 'шт' },
    { id: 5, name: 'Антисептик для рук спиртовий', price: 0.18, spend: 5, measurement_type: 'мл' },
  ],
};

export const WORKED_SERVICE_NAME = 'УЗД органів черевної порожнини';

/** The worked example's service (code 00042, its category and name) with this content. */
export const workedService = (content: CalculationContent = WORKED_CONTENT) => ({
  id: 42,
  categoryName: 'Ультразвукова діагностика',
  name: WORKED_SERVICE_NAME,
  content,
});

/**
 * A source of documents from services' contents, each computed with `computeOrderCosts` as Calculate does. Each
 * service gets the identifier `calc<id>`, as the documents service fills it from the stored row.
 */
export function documentSource(
  services: ReadonlyArray<{
    id: number;
    categoryName: string | null;
    name: string;
    content: CalculationContent;
  }>,
  options: { status?: OrderStatus; info?: CompanyInfo; orderName?: string } = {},
): OrderDocumentSource {
  const info = options.info ?? WORKED_INFO;
  const costs = computeOrderCosts(
    info,
    services.map((service) => service.content),
  );
  return {
    order: {
      identifier: 'order0001',
      number: 'З-2026-0001',
      name: options.orderName ?? 'Платні послуги 2027',
      status: options.status ?? 'formed',
      createdAt: new Date('2026-11-21T22:30:00Z'),
      companyInfo: info,
    },
    companyName: 'КНП «Лікарня»',
    services: services.map((service, index) => {
      const cost = costs[index];
      if (!cost) throw new Error('computeOrderCosts answered fewer services');
      return { serviceNumber: service.id, ...service, identifier: `calc${service.id}`, cost };
    }),
  };
}

/** The worked example as a one-service order. */
export const workedExampleSource = (options: Parameters<typeof documentSource>[1] = {}) =>
  documentSource([workedService()], options);

/**
 * A large order: `count` services over ten categories, each of two staff lines and `materials` material lines
 * drawn from a catalogue of 60 materials (so the price list has 60 rows), with long names that must wrap.
 */
export function largeOrderSource(count: number, materials: number): OrderDocumentSource {
  const catalogue = Array.from({ length: 60 }, (_, index) => ({
    id: 100 + index,
    name:
      index % 7 === 0
        ? `Матеріал витратний медичний стерильний одноразового використання для процедур № ${index + 1} (упаковка лікувального закладу)`
        : `Матеріал № ${index + 1}`,
    price: Math.round((0.37 + index * 13.91) * 100) / 100,
    measurement_type: index % 3 === 0 ? 'мл' : 'шт',
  }));
  return documentSource(
    Array.from({ length: count }, (_, index) => ({
      id: 1000 + index,
      categoryName: `Категорія ${(index % 10) + 1}`,
      name:
        index % 9 === 0
          ? `Комплексне ультразвукове дослідження органів черевної порожнини, нирок і сечового міхура з доплерографією судин № ${index + 1}`
          : `Послуга № ${index + 1}`,
      content: {
        bonus: 20,
        profit: 10 + (index % 20),
        stuff: WORKED_CONTENT.stuff,
        pills: Array.from({ length: materials }, (_, line) => {
          const material = catalogue[(index * 7 + line) % catalogue.length];
          if (!material) throw new Error('catalogue index out of range');
          return { ...material, spend: 1 + ((index + line) % 40) };
        }),
      },
    })),
  );
}
