import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { WithoutMotion } from '@/testing/without-motion';

import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ConfirmModal } from './confirm-action';

/** A request that stays open until the test answers it. */
function pendingRequest() {
  let answer: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    answer = resolve;
  });
  return { promise, answer: () => answer() };
}

describe('ConfirmModal', () => {
  it('sends one request for a double click and is busy until the answer, then takes the next click', async () => {
    const request = pendingRequest();
    const onConfirm = vi.fn(() => request.promise);
    const onCancel = vi.fn();
    render(
      <WithoutMotion>
        <ConfirmModal
          open
          title="Розрахувати?"
          okText="Так, підтверджую"
          cancelText="Скасувати"
          onConfirm={onConfirm}
          onCancel={onCancel}
        >
          Тіло
        </ConfirmModal>
      </WithoutMotion>,
    );
    const yes = screen.getByRole('button', { name: /Так, підтверджую/ });
    // Two clicks in the same tick: the second comes before React shows the button as loading.
    fireEvent.click(yes);
    fireEvent.click(yes);
    fireEvent.click(yes);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(yes).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('button', { name: 'Скасувати' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Скасувати' }));
    expect(onCancel).not.toHaveBeenCalled();

    request.answer();
    await waitFor(() => expect(yes).toHaveAttribute('aria-busy', 'false'));
    fireEvent.click(yes);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('a refused request frees the button for another try', async () => {
    let refuse: (error: Error) => void = () => undefined;
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((_resolve, reject) => {
          refuse = reject;
        }),
    );
    render(
      <WithoutMotion>
        <ConfirmModal
          open
          title="Видалити?"
          okText="Так, видалити"
          cancelText="Скасувати"
          danger
          onConfirm={onConfirm}
          onCancel={() => undefined}
        />
      </WithoutMotion>,
    );
    const yes = screen.getByRole('button', { name: /Так, видалити/ });
    fireEvent.click(yes);
    await waitFor(() => expect(yes).toHaveAttribute('aria-busy', 'true'));
    refuse(new Error('500'));
    await waitFor(() => expect(yes).toHaveAttribute('aria-busy', 'false'));
    // antd drops clicks while its own loading state (set in an effect) lasts.
    await waitFor(() => expect(yes).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(yes);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});

describe('ConfirmDeleteModal', () => {
  it('deletes once for a double click', async () => {
    const request = pendingRequest();
    const onConfirm = vi.fn((_row: { id: number }) => request.promise);
    render(
      <WithoutMotion>
        <ConfirmDeleteModal
          row={{ id: 7 }}
          title="Видалити?"
          onConfirm={onConfirm}
          onCancel={() => undefined}
        >
          Рядок
        </ConfirmDeleteModal>
      </WithoutMotion>,
    );
    const yes = screen.getByRole('button', { name: /Так, видалити/ });
    fireEvent.click(yes);
    fireEvent.click(yes);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith({ id: 7 });
    request.answer();
    await waitFor(() => expect(yes).toHaveAttribute('aria-busy', 'false'));
  });
});
