import { describe, expect, it } from 'vitest';
import { materialKey } from './material-key';

describe('materialKey', () => {
  it('keys a chosen material by its id, whatever its name or unit', () => {
    expect(materialKey({ id: 7, name: 'Гель', measurement_type: 'мл' })).toBe('id:7');
    expect(materialKey({ id: 7, name: 'Інша назва', measurement_type: 'л' })).toBe('id:7');
  });

  it('keys a material without an id by its name and unit together', () => {
    const gel = materialKey({ id: null, name: 'Гель', measurement_type: 'мл' });
    expect(gel).toBe(materialKey({ id: null, name: 'Гель', measurement_type: 'мл' }));
    expect(gel).not.toBe(materialKey({ id: null, name: 'Гель', measurement_type: 'л' }));
    expect(gel).not.toBe(materialKey({ id: null, name: 'Гель 2', measurement_type: 'мл' }));
  });

  it('gives no key to a line with no material chosen', () => {
    expect(materialKey({ id: null, name: '  ', measurement_type: '' })).toBeNull();
  });
});
