import { afterEach, describe, expect, it, vi } from 'vitest';

import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { act, renderRoutes, screen, testUser, userEvent } from '@/testing/test-utils';

/*
 * Issue 33: the app's one leave guard (mounted by `renderRoutes` as the app's antd shell mounts it) over editors
 * registered with `useUnsavedChanges`.
 */

type EditorProps = {
  isDirty: boolean;
  flush?: () => boolean;
  message: string;
  isKeptInTab?: boolean;
};

function Editor({ isDirty, flush, message, isKeptInTab }: EditorProps) {
  useUnsavedChanges({ isDirty, flush, message, isKeptInTab });
  return <p>Редактор</p>;
}

/** Renders the editors at `/` beside another page, `/elsewhere`. */
function renderEditors(...editors: EditorProps[]) {
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            {editors.map((props) => (
              <Editor key={props.message} {...props} />
            ))}
          </>
        ),
      },
      { path: '/elsewhere', element: <p>Інша сторінка</p> },
    ],
    { user: testUser },
  );
  return { ...view, user: userEvent.setup() };
}

/** Dispatches `beforeunload` as the browser does before closing or reloading; answers whether it asks. */
function closeTab(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** The tab goes to the background (a phone may end it there without `pagehide`). */
function hideTab(state: DocumentVisibilityState = 'hidden') {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('UnsavedChangesGuard (issue 33)', () => {
  it('asks nothing and sends nothing while no editor is dirty', async () => {
    const flush = vi.fn(() => true);
    const { router } = renderEditors({ isDirty: false, flush, message: 'Оклад' });
    await screen.findByText('Редактор');

    expect(closeTab()).toBe(false);
    window.dispatchEvent(new Event('pagehide'));
    hideTab();
    await act(() => router.navigate('/elsewhere'));

    expect(await screen.findByText('Інша сторінка')).toBeInTheDocument();
    expect(flush).not.toHaveBeenCalled();
  });

  it('sends what an editor can send when the tab is hidden, closed or left, without asking', async () => {
    const flush = vi.fn(() => true);
    const { router } = renderEditors({ isDirty: true, flush, message: 'Оклад' });
    await screen.findByText('Редактор');

    hideTab('visible');
    expect(flush).not.toHaveBeenCalled();
    hideTab();
    expect(flush).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(flush).toHaveBeenCalledTimes(2);
    expect(closeTab()).toBe(false);
    expect(flush).toHaveBeenCalledTimes(3);

    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('Інша сторінка')).toBeInTheDocument();
    expect(flush).toHaveBeenCalledTimes(4);
    expect(screen.queryByText('Залишити сторінку?')).not.toBeInTheDocument();
  });

  it('asks before closing the tab or opening another page while something cannot be sent', async () => {
    const flush = vi.fn(() => true);
    const { router, user } = renderEditors(
      { isDirty: true, flush, message: 'Оклад збережеться сам.' },
      { isDirty: true, message: 'Матеріал не збережено.' },
      { isDirty: true, flush: () => false, message: 'Замовлення не збережено.' },
    );
    await screen.findAllByText('Редактор');

    expect(closeTab()).toBe(true);
    // What could be sent went anyway, whatever the user answers.
    expect(flush).toHaveBeenCalledTimes(1);

    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('Залишити сторінку?')).toBeInTheDocument();
    expect(screen.getByText('Матеріал не збережено.')).toBeInTheDocument();
    expect(screen.getByText('Замовлення не збережено.')).toBeInTheDocument();
    expect(screen.queryByText('Оклад збережеться сам.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Залишитися' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getAllByText('Редактор')).toHaveLength(3);

    await act(() => router.navigate('/elsewhere'));
    await user.click(await screen.findByRole('button', { name: 'Піти без збереження' }));
    expect(await screen.findByText('Інша сторінка')).toBeInTheDocument();
  });

  it('asks before the tab goes, but not before another page of the app, for input kept in the tab', async () => {
    const { router } = renderEditors(
      { isDirty: true, isKeptInTab: true, message: 'Замовлення ще не підтверджено.' },
      { isDirty: false, message: 'Матеріал не збережено.' },
    );
    await screen.findAllByText('Редактор');

    expect(closeTab()).toBe(true);
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('Інша сторінка')).toBeInTheDocument();
    expect(screen.queryByText('Залишити сторінку?')).not.toBeInTheDocument();
  });

  it('does not hold a move within the page (its search or paging)', async () => {
    const { router } = renderEditors({ isDirty: true, message: 'Матеріал не збережено.' });
    await screen.findByText('Редактор');

    await act(() => router.navigate('/?page=2'));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.queryByText('Залишити сторінку?')).not.toBeInTheDocument();
  });

  it('forgets an editor once it is gone (a closed modal form)', async () => {
    const flush = vi.fn(() => false);
    const { router } = renderEditors({ isDirty: true, flush, message: 'Матеріал' });
    await screen.findByText('Редактор');
    expect(closeTab()).toBe(true);

    await act(() => router.navigate('/elsewhere'));
    await userEvent.click(await screen.findByRole('button', { name: 'Піти без збереження' }));
    await screen.findByText('Інша сторінка');
    flush.mockClear();

    expect(closeTab()).toBe(false);
    expect(flush).not.toHaveBeenCalled();
  });
});
