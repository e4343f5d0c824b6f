import { INVOICE_DOCUMENT, formatMoney, orderFee, type OrderInvoice } from '@medcalc/domain';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Grid,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { Link } from 'react-router';

import { NoWrap } from '@/components/ui/no-wrap';
import { DocumentLinkButton } from '@/components/ui/document-link-button';
import { useKeyboardScroll } from '@/hooks/use-keyboard-scroll';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { WORD_WRAP } from '@/components/ui/word-wrap';
import { paths } from '@/config/paths';
import { formatDate } from '@/utils/format';

import { useDownloadInvoice } from '../api/download-invoice';
import { useInvoices } from '../api/get-invoices';

const TABLE_LABEL = 'Рахунки на оплату';

/**
 * Shown for an invoice the provider has not issued yet (issue 34): the number is given when the provider issues it
 * (or confirms the payment), never by a download here, then kept.
 */
export const NUMBER_PENDING_TEXT = 'номер присвоїть постачальник, виставивши рахунок';

/**
 * Paid or awaiting payment, as the order's status says (domain `isPaid`): plain text in the theme's colours, since
 * axe found every tag colour tried here (success, gold, warning, orange, default) under 4.5:1 on this page.
 */
function PaymentTag({ isPaid }: { isPaid: boolean }) {
  return isPaid ? (
    <Typography.Text strong>Оплачено</Typography.Text>
  ) : (
    <Typography.Text>Очікує оплати</Typography.Text>
  );
}

/** The invoice's PDF: its own download, so only this link spins while it is made. */
function InvoiceLink({ invoice }: { invoice: OrderInvoice }) {
  const download = useDownloadInvoice();
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      ariaLabel={`${INVOICE_DOCUMENT.title} (PDF): ${invoice.orderName}`}
      onClick={() => download.mutate({ identifier: invoice.identifier })}
    >
      {`${INVOICE_DOCUMENT.title} (PDF)`}
    </DocumentLinkButton>
  );
}

const COLUMNS: TableColumnsType<OrderInvoice> = [
  {
    title: 'Рахунок',
    key: 'number',
    width: 150,
    render: (_, invoice) =>
      invoice.number === null ? (
        <Typography.Text type="secondary">{NUMBER_PENDING_TEXT}</Typography.Text>
      ) : (
        <NoWrap>{numberText(invoice)}</NoWrap>
      ),
  },
  {
    title: 'Дата',
    key: 'date',
    render: (_, invoice) => <NoWrap>{formatDate(invoice.date)}</NoWrap>,
  },
  {
    title: 'Замовлення',
    dataIndex: 'orderName',
    key: 'orderName',
    width: 260,
    onCell: () => ({ style: WORD_WRAP }),
  },
  {
    title: 'Послуг',
    dataIndex: 'services',
    key: 'services',
    align: 'right',
  },
  {
    title: 'Сума, грн',
    key: 'amount',
    align: 'right',
    render: (_, invoice) => <NoWrap>{formatMoney(invoice.amount)}</NoWrap>,
  },
  {
    title: 'Стан оплати',
    key: 'paid',
    render: (_, invoice) => <PaymentTag isPaid={invoice.isPaid} />,
  },
  {
    title: 'Документ',
    key: 'document',
    render: (_, invoice) => <InvoiceLink invoice={invoice} />,
  },
];

/** The invoice's number, or that it comes with the first download. */
const numberText = (invoice: OrderInvoice) =>
  invoice.number === null ? NUMBER_PENDING_TEXT : `№ ${invoice.number}`;

/**
 * On a phone each invoice is a card, so its payment and its download are seen without scrolling sideways: the
 * order as the title, then number, date, services and amount, the payment tag and the PDF.
 */
function InvoiceCards({ invoices }: { invoices: readonly OrderInvoice[] }) {
  return (
    <ul aria-label={TABLE_LABEL} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {invoices.map((invoice) => (
        <li key={invoice.identifier} aria-label={invoice.orderName} style={{ marginBottom: 16 }}>
          <Card
            size="small"
            title={<span style={{ whiteSpace: 'normal', ...WORD_WRAP }}>{invoice.orderName}</span>}
            extra={<PaymentTag isPaid={invoice.isPaid} />}
          >
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'number', label: 'Рахунок', children: numberText(invoice) },
                { key: 'date', label: 'Дата', children: formatDate(invoice.date) },
                { key: 'services', label: 'Послуг', children: invoice.services },
                { key: 'amount', label: 'Сума, грн', children: formatMoney(invoice.amount) },
              ]}
            />
            <InvoiceLink invoice={invoice} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** What is still to pay: the fee of the services of the invoices awaiting payment (domain `orderFee`). */
function dueOf(invoices: readonly OrderInvoice[]) {
  const unpaid = invoices.filter((invoice) => !invoice.isPaid);
  const services = unpaid.reduce((sum, invoice) => sum + invoice.services, 0);
  return { count: unpaid.length, amount: formatMoney(orderFee(services)) };
}

/**
 * The account menu's «Оплата» (issue 33): the рахунок на оплату of each of the institution's orders with its
 * number, date, amount (the order fee) and whether it is paid, each downloadable. Payment is confirmed by the
 * provider's representative, which moves the order on; the page says so, and what is still due. Wider than a phone,
 * the table scrolls sideways inside its region, which the keyboard reaches.
 */
export function InvoicesTable() {
  const invoices = useInvoices();
  const scrollRef = useKeyboardScroll(TABLE_LABEL);
  const isWide = Grid.useBreakpoint().md ?? true;

  if (invoices.isPending) return <LoadingBlock label={`${TABLE_LABEL}: завантаження…`} />;
  if (invoices.isError)
    return (
      <LoadError title="Не вдалося завантажити рахунки" onRetry={() => void invoices.refetch()} />
    );
  if (invoices.data.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="Рахунків ще немає: рахунок на оплату з’являється, щойно ви оформите замовлення."
      >
        <Link to={paths.createOrder}>
          <Button type="primary">Оформити замовлення</Button>
        </Link>
      </Empty>
    );

  const due = dueOf(invoices.data);
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        {due.count === 0
          ? 'Усі рахунки оплачено.'
          : `До сплати: ${due.amount} грн (рахунків: ${due.count}).`}{' '}
        Оплату підтверджує представник компанії-виконавця, після чого рахунок позначається
        оплаченим, а замовлення можна заповнювати.
      </Typography.Paragraph>
      {isWide ? (
        <div role="region" aria-label={TABLE_LABEL} ref={scrollRef}>
          <Table<OrderInvoice>
            columns={COLUMNS}
            rowKey="identifier"
            dataSource={invoices.data}
            loading={invoices.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={false}
          />
        </div>
      ) : (
        <InvoiceCards invoices={invoices.data} />
      )}
    </Flex>
  );
}
