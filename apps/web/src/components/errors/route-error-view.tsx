import { Button } from 'antd';
import { isRouteErrorResponse, Link } from 'react-router';

import { AntdConfig } from '@/components/ui/antd-config';
import ResultView from '@/components/ui/result-view';
import { paths } from '@/config/paths';
import { NETWORK_ERROR_MESSAGE } from '@/lib/http-messages';

import { isServerUnreachableError } from './server-unreachable';

/** What {@link RouteError} shows, its own chunk (antd's Result and Button); themed, as it can show outside the shell. */
export default function RouteErrorView({ error }: { error: unknown }) {
  return <AntdConfig>{content(error)}</AntdConfig>;
}

function content(error: unknown) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ResultView
        status="404"
        title="Сторінку не знайдено"
        extra={<Link to={paths.home}>Повернутися на головну</Link>}
      />
    );
  }
  if (isServerUnreachableError(error)) {
    // Same wording as the api-client's network toast (spec §8), so the two read as one cause.
    return (
      <ResultView
        status="warning"
        title={NETWORK_ERROR_MESSAGE}
        subTitle="Сторінку не вдалося завантажити. Коли з’єднання відновиться, спробуйте ще раз."
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Спробувати ще раз
          </Button>
        }
      />
    );
  }
  return (
    <ResultView
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
