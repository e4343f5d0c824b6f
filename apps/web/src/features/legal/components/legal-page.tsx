import type { ProviderResponse } from '@medcalc/domain';
import { Alert, Descriptions, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';

import { PageTitle } from '@/components/ui/page-title';
import { formatIban } from '@/utils/format';

import { useProvider } from '../api/get-provider';

/**
 * One of the footer's pages (issue 23): its title, then its text, which may name the provider and its requisites
 * (`GET /api/provider`, the invoice's configuration). While they load a skeleton stands in; if they cannot be
 * read, the page says so and shows the text without them.
 */
export function LegalPage({
  title,
  children,
}: {
  title: string;
  children: (provider: ProviderResponse | undefined) => ReactNode;
}) {
  const provider = useProvider();
  return (
    <article className="legal-page" style={{ maxWidth: 860 }}>
      <PageTitle>{title}</PageTitle>
      {provider.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {provider.isError ? (
            <Alert
              type="warning"
              showIcon
              role="status"
              style={{ marginBottom: 16 }}
              title="Не вдалося завантажити реквізити постачальника. Спробуйте оновити сторінку."
            />
          ) : null}
          {provider.data?.isDemo ? (
            <Alert
              type="info"
              showIcon
              role="status"
              style={{ marginBottom: 16 }}
              title="Це демонстраційна версія: реквізити постачальника ще не налаштовано й позначено «(демо)»."
            />
          ) : null}
          {children(provider.data)}
        </>
      )}
    </article>
  );
}

/** A section of a legal text: a level-2 heading and its paragraphs or lists. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 24 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** The provider's name, codes and contacts as the invoice prints them; what is not configured is left out. */
export function ProviderRequisites({ provider }: { provider: ProviderResponse | undefined }) {
  if (!provider) return null;
  const items = [
    { key: 'name', label: 'Найменування', children: provider.name },
    { key: 'code', label: 'Код ЄДРПОУ / РНОКПП', children: provider.code },
    { key: 'address', label: 'Адреса', children: provider.address },
    { key: 'iban', label: 'IBAN', children: formatIban(provider.iban) },
    { key: 'bank', label: 'Банк', children: provider.bank },
    ...(provider.phone
      ? [
          {
            key: 'phone',
            label: 'Телефон',
            children: <a href={`tel:${provider.phone.replace(/[^\d+]/g, '')}`}>{provider.phone}</a>,
          },
        ]
      : []),
    ...(provider.email
      ? [
          {
            key: 'email',
            label: 'Електронна пошта',
            children: <a href={`mailto:${provider.email}`}>{provider.email}</a>,
          },
        ]
      : []),
  ];
  return <Descriptions bordered size="small" column={1} items={items} />;
}

/** How to write to the provider: its e-mail when configured, otherwise its postal address. */
export function WriteTo({ provider }: { provider: ProviderResponse | undefined }) {
  if (provider?.email) {
    return (
      <>
        електронною поштою <a href={`mailto:${provider.email}`}>{provider.email}</a>
      </>
    );
  }
  if (provider) return <>листом на адресу: {provider.address}</>;
  return <>за контактами, наведеними на сторінці «Контакти»</>;
}
