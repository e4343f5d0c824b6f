import { describe, expect, it } from 'vitest';

import { SCANNER_LINE } from '@/testing/equipment';
import { renderAtRoot, screen, testAdmin, userEvent, within } from '@/testing/test-utils';

import { TemplateContent } from './template-content';

const NAME = 'УЗД органів черевної порожнини';

describe('TemplateContent', () => {
  it('lists a template’s equipment lines, name and minutes, when it has them (issue 38)', async () => {
    const content = {
      bonus: 0,
      profit: 15,
      stuff: [],
      pills: [],
      equipment: [SCANNER_LINE],
    };
    renderAtRoot(<TemplateContent json={JSON.stringify(content)} name={NAME} />, {
      user: testAdmin,
    });
    const user = userEvent.setup();

    await user.click(screen.getByText('Обладнання: 1 рядок'));
    expect(
      within(screen.getByRole('list', { name: `Обладнання шаблону «${NAME}»` })).getByRole(
        'listitem',
      ),
    ).toHaveTextContent('Ультразвуковий сканер — 20 хв');
  });
});
