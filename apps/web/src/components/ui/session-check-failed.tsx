import { Button } from 'antd';

import ResultView from './result-view';

/**
 * The login guard's "the session could not be checked" page (`lib/auth.tsx`), its own chunk: the guard is
 * imported with the header on every page, and this is its only antd part.
 */
export default function SessionCheckFailed({
  reason,
  onRetry,
}: {
  /** What the server said (e.g. a 503 of an unreachable database); the generic advice otherwise. */
  reason?: string | undefined;
  onRetry: () => void;
}) {
  return (
    <ResultView
      status="error"
      title="Не вдалося перевірити вхід"
      subTitle={reason ?? 'Спробуйте ще раз за хвилину.'}
      extra={
        <Button type="primary" onClick={onRetry}>
          Спробувати ще раз
        </Button>
      }
    />
  );
}
