import { describe, expect, it } from 'vitest';
import {
  WORKED_CONTENT,
  WORKED_SERVICE_NAME,
  documentSource,
  workedExampleSource,
} from '../../../test/document-fixtures';
import { buildMaterialsSpendingData } from './build-materials-spending-data';

describe('buildMaterialsSpendingData', () => {
  it('lists each material of the worked example with quantity, price and its stored sum, and the total', () => {
    const source = workedExampleSource();
    const data = buildMaterialsSpendingData(source);
    expect(data.categories).toHaveLength(1);
    const [category] = data.categories;
    expect(category?.name).toBe('Ультразвукова діагностика');
    expect(category?.services).toEqual([
      {
        code: '00042',
        name: WORKED_SERVICE_NAME,
        lines: [
          {
            number: 1,
            name: 'Гель для УЗД контактний',
            unit: 'мл',
            quantity: '20',
            price: '0,34',
            sum: '6,80',
          },
          {
            number: 2,
            name: 'Рукавички оглядові нітрилові нестерильні',
            unit: 'пара',
            quantity: '1',
            price: '7,50',
            sum: '7,50',
          },
          {
            number: 3,
            name: 'Пелюшка одноразова 60×90 см',
            unit: 'шт',
            quantity: '1',
            price: '9,00',
            sum: '9,00',
          },
          {
            number: 4,
            name: 'Рушник паперовий листовий',
            unit: 'шт',
            quantity: '4',
            price: '0,30',
            sum: '1,20',
          },
          {
            number: 5,
            name: 'Антисептик для рук спиртовий',
            unit: 'мл',
            quantity: '5',
            price: '0,18',
            sum: '0,90',
          },
        ],
        total: '25,40',
      },
    ]);
    expect(data.grandTotal).toBe('25,40');
  });

  it('prints the stored sums, not a recomputation', () => {
    const source = workedExampleSource();
    const [service] = source.services;
    if (!service) throw new Error('fixture changed');
    service.cost = {
      ...service.cost,
      materialLines: ['1.11', '2.22', '3.33', '4.44', '5.55'],
      materials: '16.65',
    };
    const data = buildMaterialsSpendingData(source);
    expect(data.categories[0]?.services[0]?.lines.map((line) => line.sum)).toEqual([
      '1,11',
      '2,22',
      '3,33',
      '4,44',
      '5,55',
    ]);
    expect(data.grandTotal).toBe('16,65');
  });

  it('groups services by category, leaves empty lines out and adds the totals exactly', () => {
    const empty = { id: null, name: '', price: 0, spend: 0, measurement_type: '' };
    const data = buildMaterialsSpendingData(
      documentSource([
        {
          id: 1,
          categoryName: 'А',
          name: 'Перша',
          content: { ...WORKED_CONTENT, pills: [...WORKED_CONTENT.pills, empty] },
        },
        { id: 2, categoryName: 'Б', name: 'Друга', content: { ...WORKED_CONTENT, pills: [] } },
        { id: 3, categoryName: 'А', name: 'Третя', content: WORKED_CONTENT },
      ]),
    );
    expect(data.categories.map((category) => category.name)).toEqual(['А', 'Б']);
    expect(data.categories[0]?.services.map((service) => service.name)).toEqual(['Перша', 'Третя']);
    expect(data.categories[0]?.services[0]?.lines).toHaveLength(5);
    expect(data.categories[1]?.services[0]).toMatchObject({ lines: [], total: '0,00' });
    expect(data.grandTotal).toBe('50,80');
  });

  it('refuses stored results that do not match the service’s materials', () => {
    const source = workedExampleSource();
    const [service] = source.services;
    if (!service) throw new Error('fixture changed');
    service.cost = { ...service.cost, materialLines: ['6.80'] };
    expect(() => buildMaterialsSpendingData(source)).toThrow(/do not match/);
  });
});
