import { Button, Result } from 'antd';

/**
 * A block whose data could not be loaded. The server's message has already been a toast (spec §8); this
 * keeps the place from looking empty and offers another try.
 */
export function LoadError({
  title = 'Не вдалося завантажити дані',
  onRetry,
}: {
  title?: string;
  onRetry?: () => void;
}) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle="Перевірте з’єднання і спробуйте ще раз."
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            Спробувати ще раз
          </Button>
        ) : undefined
      }
    />
  );
}
