import { App, Button } from 'antd';

import { ApiRequestError } from '@/lib/api-client';
import { RETRY_LABEL } from '@/lib/busy-retry';
import { BUSY_STATUSES } from '@/lib/http-failures';

/**
 * A notice for a call the server refused for now (503 or 429, e.g. «Сервер зараз формує інші документи. Спробуйте за
 * хвилину.» when its document queue is full, issue 21): the server's own message, kept on screen until the user
 * acts, with «Спробувати ще раз», which closes it and runs `retry`. Answers whether `error` was such a refusal
 * (any other error is left to the api client's toast).
 */
export function useBusyRetryNotice() {
  const { notification } = App.useApp();
  return (error: unknown, retry: () => void): boolean => {
    if (!(error instanceof ApiRequestError) || !BUSY_STATUSES.includes(error.status)) return false;
    const key = `busy:${error.message}`;
    notification.warning({
      key,
      title: error.message,
      duration: 0,
      actions: (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(key);
            retry();
          }}
        >
          {RETRY_LABEL}
        </Button>
      ),
    });
    return true;
  };
}
