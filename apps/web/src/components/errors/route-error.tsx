import { Button, Result } from 'antd';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { paths } from '@/config/paths';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

/**
 * How browsers (and Vite's preload helper) word a page chunk that could not be fetched: Chromium, Firefox,
 * Safari, Vite's CSS preload, and bundlers' ChunkLoadError.
 */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed/i;

/**
 * The page could not come from the server: its code chunk failed to download (the server is down, the
 * connection dropped, or a deploy replaced the chunk), or its prefetch got no answer at all.
 */
export function isServerUnreachableError(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status === 0;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_LOAD_FAILURE.test(error.message);
}

/** Router error boundary: a missing page, an unreachable server, or anything else. */
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
  const reload = (
    <Button type="primary" onClick={() => window.location.reload()}>
      Спробувати ще раз
    </Button>
  );
  if (isServerUnreachableError(error)) {
    // Same wording as the api-client's network toast (spec §8), so the two read as one cause.
    return (
      <Result
        status="warning"
        title={NETWORK_ERROR_MESSAGE}
        subTitle="Сторінку не вдалося завантажити. Коли з’єднання відновиться, спробуйте ще раз."
        extra={reload}
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
