import { describe, expect, it } from 'vitest';
import {
  WORKED_CONTENT,
  documentSource,
  workedExampleSource,
} from '../../../test/document-fixtures';
import { buildPriceListData } from './build-price-list-data';

describe('buildPriceListData', () => {
  it('lists the worked example’s five materials with unit and price, numbered', () => {
    const data = buildPriceListData(workedExampleSource());
    expect(data.title).toBe('Прейскурант використаних матеріалів');
    expect(data.rows).toEqual([
      { number: 1, name: 'Гель для УЗД контактний', unit: 'мл', price: '0,34' },
      { number: 2, name: 'Рукавички оглядові нітрилові нестерильні', unit: 'пара', price: '7,50' },
      { number: 3, name: 'Пелюшка одноразова 60×90 см', unit: 'шт', price: '9,00' },
      { number: 4, name: 'Рушник паперовий листовий', unit: 'шт', price: '0,30' },
      { number: 5, name: 'Антисептик для рук спиртовий', unit: 'мл', price: '0,18' },
    ]);
  });

  it('has one row per distinct material across services, in order of first use, and none for empty lines', () => {
    const [gel, gloves] = WORKED_CONTENT.pills;
    if (!gel || !gloves) throw new Error('fixture changed');
    const data = buildPriceListData(
      documentSource([
        {
          id: 1,
          categoryName: 'А',
          name: 'Перша',
          content: { ...WORKED_CONTENT, pills: [gloves, gel] },
        },
        {
          id: 2,
          categoryName: 'Б',
          name: 'Друга',
          content: {
            ...WORKED_CONTENT,
            pills: [
              { ...gel, spend: 3 },
              { id: null, name: '', price: 0, spend: 0, measurement_type: '' },
              { id: null, name: 'Вата', price: 1.2, spend: 2, measurement_type: 'г' },
            ],
          },
        },
      ]),
    );
    expect(data.rows.map((row) => row.name)).toEqual([gloves.name, gel.name, 'Вата']);
  });

  it('keeps every price a service was calculated with when lines of one material disagree', () => {
    const [gel] = WORKED_CONTENT.pills;
    if (!gel) throw new Error('fixture changed');
    const data = buildPriceListData(
      documentSource([
        { id: 1, categoryName: null, name: 'Перша', content: { ...WORKED_CONTENT, pills: [gel] } },
        {
          id: 2,
          categoryName: null,
          name: 'Друга',
          content: { ...WORKED_CONTENT, pills: [{ ...gel, price: 0.4 }] },
        },
      ]),
    );
    expect(data.rows.map((row) => row.price)).toEqual(['0,34', '0,40']);
  });
});
