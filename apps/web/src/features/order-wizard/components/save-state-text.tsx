import { Typography } from 'antd';

import { formatTime } from '@/utils/format';

import type { SaveState } from '../hooks/use-draft-saving';

/**
 * Beside the Save button: what became of the draft's last save (issue 21), announced politely to screen readers.
 * Dirty and not yet saved reads «Є незбережені зміни», as before autosave. Only the theme's text colours that keep
 * 4.5:1 on white (WCAG 2.1 AA): antd's warning and success greens and ambers do not.
 */
export function SaveStateText({ state, isDirty }: { state: SaveState; isDirty: boolean }) {
  const text = (() => {
    switch (state.kind) {
      case 'saving':
        return { type: undefined, text: 'Зберігається…' };
      case 'offline':
        return {
          type: 'danger' as const,
          text: 'Не збережено: немає зв’язку — зміни збережуться, щойно з’явиться зв’язок',
        };
      case 'conflict':
        return { type: 'danger' as const, text: 'Не збережено: замовлення змінено деінде' };
      case 'failed':
        if (state.hasFieldErrors)
          return { type: 'danger' as const, text: 'Не збережено: виправте позначені поля' };
        break;
      case 'saved':
        if (!isDirty)
          return { type: 'secondary' as const, text: `Збережено о ${formatTime(state.at)}` };
        break;
      case 'idle':
        break;
    }
    return isDirty ? { type: undefined, text: 'Є незбережені зміни' } : null;
  })();
  // The separator from the subtitle before it comes with the text (issue 33: a saved, clean draft left «… ·»).
  return (
    <span role="status" aria-live="polite">
      {text ? (
        <>
          {' · '}
          <Typography.Text type={text.type}>{text.text}</Typography.Text>
        </>
      ) : null}
    </span>
  );
}
