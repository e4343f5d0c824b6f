import {
  PUBLIC_SERVICE_FIELDS,
  publicPriceListSchema,
  type PublicPriceList,
} from '@medcalc/domain';

/** `/p/{slug}.json`: the document in the schema's field order (jsonb keeps its own order). */
export const renderJson = (list: PublicPriceList): string =>
  JSON.stringify(publicPriceListSchema.parse(list), null, 2);

/** One CSV field: quoted when it holds the separator, a quote or a line break (RFC 4180, with `;`). */
const csvField = (value: string): string =>
  /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * `/p/{slug}.csv`: UTF-8 with a BOM (so spreadsheet programs read Cyrillic), `;` between fields, CRLF between
 * rows; the header row is the open data's field names, one row a service.
 */
export function renderCsv(list: PublicPriceList): Buffer {
  const lines = [
    PUBLIC_SERVICE_FIELDS.join(';'),
    ...list.services.map((service) =>
      PUBLIC_SERVICE_FIELDS.map((field) => csvField(String(service[field]))).join(';'),
    ),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
