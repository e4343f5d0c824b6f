import { describe, expect, it } from 'vitest';

import { renderAtRoot, screen, testUser } from '@/testing/test-utils';

import { FieldNumberInput } from './number-field';
import { NumberInput } from './number-input';

describe('NumberInput', () => {
  // Issue 33: money, minutes, percent and quantities all go through this input, so a phone opens its numeric
  // keyboard (with a decimal separator) for every one of them.
  it.each([
    ['money', <NumberInput key="money" aria-label="Ціна" value={12.5} />],
    ['minutes', <NumberInput key="minutes" aria-label="Час" precision={0} value={5} />],
    [
      'a form field',
      <FieldNumberInput
        key="field"
        aria-label="Ставка ЄСВ"
        value={22}
        onChange={() => undefined}
      />,
    ],
  ])('asks a phone for the numeric keyboard (%s)', (_, element) => {
    renderAtRoot(element, { user: testUser });
    expect(screen.getByRole('spinbutton')).toHaveAttribute('inputmode', 'decimal');
  });
});
