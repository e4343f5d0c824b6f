import { Button, Result } from 'antd';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { paths } from '@/config/paths';

/**
 * Router error boundary. The usual cause in production is a page chunk that is gone after a deploy, which a
 * reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Result
        status="404"
        title="Сторінку не знайдено"
        extra={<Link to={paths.home}>Повернутися на головну</Link>}
      />
    );
  }
  return (
    <Result
      status="500"
      title="Щось пішло не так"
      subTitle="Не вдалося показати сторінку. Оновіть її або поверніться пізніше."
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Оновити сторінку
        </Button>
      }
    />
  );
}
