import { newStuffLine, type StuffLine } from '@medcalc/domain';
import { describe, expect, it, vi } from 'vitest';

import { renderAtRoot, screen, testUser, userEvent, waitFor } from '@/testing/test-utils';

import {
  ServiceBonusContext,
  serviceBonus,
  StaffLineRow,
  type StaffChoices,
} from './staff-line-row';

const STAFF: StaffChoices = { rates: [], options: [], isLoading: false, isPhone: false };

const renderLine = (line: StuffLine, staff: StaffChoices = STAFF) =>
  renderAtRoot(
    <ServiceBonusContext value={20}>
      <StaffLineRow
        id="line-1"
        category="УЗД"
        serviceId={1}
        serviceIndex={0}
        lineIndex={0}
        line={line}
        staff={staff}
        readOnly={false}
        fieldErrors={{}}
        dispatch={vi.fn()}
      />
    </ServiceBonusContext>,
    { user: testUser },
  );

const minutes = () => screen.getByLabelText('Час виконання, хв');

describe('serviceBonus', () => {
  it('gives the service’s bonus, an empty one as null, and refuses a line outside any service', () => {
    expect(serviceBonus(20)).toBe(20);
    expect(serviceBonus(null)).toBeNull();
    expect(() => serviceBonus(undefined)).toThrow('outside its service’s ServiceBonusContext');
  });
});

describe('StaffLineRow (issue 33)', () => {
  it('starts a new line at a 7,7-hour working day and says nothing about its 5 minutes', () => {
    renderLine(newStuffLine());

    expect(screen.getByText('7,7 год')).toBeInTheDocument();
    expect(minutes()).not.toHaveAttribute('aria-describedby');
    expect(minutes()).toHaveAttribute('inputmode', 'decimal');
  });

  it.each([
    [0, 7.7, 'Час виконання 0 хв: рядок нічого не коштує. Перевірте хвилини.'],
    [500, 7.7, 'Час виконання більший за робочий день (462 хв). Перевірте хвилини.'],
  ])(
    'warns about %s min on a %s-hour day, and still costs the line',
    (timeSpend, workingDay, text) => {
      renderLine({ ...newStuffLine(), timeSpend, workingDay });

      expect(minutes()).toHaveAccessibleDescription(text);
      expect(minutes()).toHaveAttribute('aria-invalid', 'false');
    },
  );

  it('shows the schema’s error instead of the warning when the minutes are no whole number', () => {
    renderLine({ ...newStuffLine(), timeSpend: 2.5 });

    expect(minutes()).toHaveAccessibleDescription(
      'Поле «Час виконання, хв» має бути цілим числом.',
    );
  });

  it('finds a position by its words in any order (issue 33)', async () => {
    const options = [
      { value: 1, label: 'Хірург, лікар вищої категорії' },
      { value: 2, label: 'Лікар-терапевт' },
      { value: 3, label: 'Сестра медична хірургічного відділення' },
    ];
    renderLine(newStuffLine(), { ...STAFF, options });
    const user = userEvent.setup();
    const select = screen.getByLabelText('Кваліфікація');

    await user.click(select);
    await user.type(select, 'лікар хірург');

    const shown = () =>
      [...document.querySelectorAll('.ant-select-item-option')].map(
        (item) => item.getAttribute('title') ?? item.textContent,
      );
    await waitFor(() => expect(shown()).toEqual(['Хірург, лікар вищої категорії']));
  });
});
