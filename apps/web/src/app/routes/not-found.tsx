import { Result } from 'antd';
import { Link } from 'react-router';

import { APP_NAME } from '@/components/ui/page-title';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <>
      <title>{`Сторінку не знайдено — ${APP_NAME}`}</title>
      <Result
        status="404"
        title="Сторінку не знайдено"
        subTitle="Такої сторінки немає. Можливо, посилання застаріло або містить помилку."
        extra={<Link to={paths.home}>Повернутися на головну</Link>}
      />
    </>
  );
}
