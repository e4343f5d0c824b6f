import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';

import { AntdProvider } from './antd-shell';

function Toast() {
  const { notification } = App.useApp();
  useEffect(() => {
    notification.success({ title: 'Дані закладу збережено.' });
  }, [notification]);
  return <header>Шапка</header>;
}

describe('toasts (issue 23 §3)', () => {
  it('show at the bottom centre above the save bar, not over the header or the top-right buttons', async () => {
    render(
      <AntdProvider>
        <Toast />
      </AntdProvider>,
    );
    const toast = await screen.findByText('Дані закладу збережено.');
    const stack = toast.closest('.ant-notification') as HTMLElement;
    expect(stack).toHaveClass('ant-notification-bottom');
    expect(stack).not.toHaveClass('ant-notification-topRight');
    expect(stack.style.getPropertyValue('--notification-bottom')).toBe('88px');
  });
});
