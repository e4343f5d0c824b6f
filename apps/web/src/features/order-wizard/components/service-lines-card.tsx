import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Form as AntForm, Alert, Button, Card, Col, Flex, Row, Typography } from 'antd';
import type { ColProps } from 'antd';
import type { WizardCalculationItem } from '@medcalc/domain';
import type { Dispatch, ReactNode } from 'react';

import type { OrderDraftAction } from '../stores/order-draft';
import type { FieldErrors } from '../utils/error-paths';

import type { ServiceCardProps } from './service-sections';
import { WIZARD_ITEM_LAYOUT, WizardValueField } from './wizard-field';

/** Props of one line of a service card (a staff or material line): its place, and what the step hands it. */
export type LineRowProps = {
  /** The prefix of the ids of the line's fields; unique on the page. */
  id: string;
  category: string;
  serviceId: WizardCalculationItem['id'];
  /** The service's position in its category, as in the server's error paths. */
  serviceIndex: number;
  lineIndex: number;
  readOnly: boolean;
  fieldErrors: FieldErrors;
  dispatch: Dispatch<OrderDraftAction>;
};

/** What {@link lineRowProps} reads of a service card's props: of the service itself only its id. */
export type LineCardProps = Omit<ServiceCardProps, 'item'> & {
  item: Pick<WizardCalculationItem, 'id'>;
};

/**
 * The props a service card hands its line `lineIndex` of `list` (the server's name of the list, which prefixes the
 * line's field ids). Strings, numbers and the card's own objects, so a memoised line row skips as it did.
 */
export function lineRowProps(
  { category, index, item, readOnly, fieldErrors, dispatch }: LineCardProps,
  list: 'pills' | 'stuff' | 'equipment',
  lineIndex: number,
): LineRowProps {
  return {
    id: `service-${item.id}-${list}-${lineIndex}`,
    category,
    serviceId: item.id,
    serviceIndex: index,
    lineIndex,
    readOnly,
    fieldErrors,
    dispatch,
  };
}

/**
 * One service's card of steps 2 and 3: the service's name as the title, what the step shows above the lines
 * (`children`), the server's message about the list, the lines themselves, «add a line» and the card's total, and
 * what the step shows under them (`after`: step 3's equipment lines).
 */
export function ServiceLinesCard({
  name,
  extra,
  children,
  listLabel,
  listError,
  lines,
  emptyText,
  readOnly,
  addLabel,
  onAdd,
  total,
  after,
}: {
  /** The service's name ('' while it has none). */
  name: string;
  /** The card's header action (step 2: remove the service). */
  extra?: ReactNode;
  /** Shown above the lines (step 2: the service's own fields). */
  children?: ReactNode;
  /** The list's name for screen readers, e.g. «Витрати часу». */
  listLabel: string;
  listError: string | undefined;
  lines: ReactNode[];
  emptyText: string;
  readOnly: boolean;
  addLabel: string;
  onAdd: () => void;
  /**
   * The footer's total, e.g. «Разом витрати часу: 12,00 грн»; an element that works it out itself keeps the card
   * from rendering again when only the total changes (step 2's bonus).
   */
  total: ReactNode;
  /** Shown under the lines and their total (step 3: the service's equipment lines, issue 38). */
  after?: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={name || 'Послуга без назви'}
      extra={extra}
      role="region"
      aria-label={`Послуга: ${name}`}
    >
      {children}
      {listError ? (
        <Alert type="error" showIcon title={listError} style={{ marginBottom: 12 }} />
      ) : null}
      <Flex vertical gap={12} role="list" aria-label={`${listLabel}: ${name}`}>
        {lines}
        {lines.length === 0 ? (
          <Typography.Text type="secondary">{emptyText}</Typography.Text>
        ) : null}
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 12 }}>
        {readOnly ? (
          <span />
        ) : (
          <Button icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
        <Typography.Text strong>{total}</Typography.Text>
      </Flex>
      {after}
    </Card>
  );
}

/** One line of a service card: a bordered row of cells, numbered for screen readers, with a note under it. */
export function ServiceLine({
  number,
  children,
  note,
}: {
  number: number;
  children: ReactNode;
  note?: ReactNode;
}) {
  return (
    <div
      role="listitem"
      aria-label={`Рядок ${number}`}
      style={{ border: '1px solid rgba(5, 5, 5, 0.08)', borderRadius: 8, padding: '12px 12px 0' }}
    >
      <Row gutter={12} align="top">
        {children}
      </Row>
      {note}
    </div>
  );
}

/**
 * A line's cost cell in steps 2 and 3 («Вартість, грн», in bold): the staff, material and equipment lines. `isLive`
 * reads a new cost out as it follows what is typed in the line.
 */
export function LineCostCell({
  id,
  isLive = false,
  children,
  ...col
}: ColProps & { id: string; isLive?: boolean; children: ReactNode }) {
  return (
    <Col {...col}>
      <WizardValueField id={`${id}-cost`} label="Вартість, грн" isStrong isLive={isLive}>
        {children}
      </WizardValueField>
    </Col>
  );
}

/** The last cell of a line: its delete button, under an empty label so that it lines up with the inputs. */
export function DeleteLineCell({
  number,
  readOnly,
  onDelete,
  what = 'рядок',
  ...col
}: ColProps & {
  number: number;
  readOnly: boolean;
  onDelete: () => void;
  /** What the button deletes, before the number: «рядок», or «обладнання, рядок» beside a card's other lines. */
  what?: string;
}) {
  return (
    <Col {...col}>
      {readOnly ? null : (
        <AntForm.Item
          {...WIZARD_ITEM_LAYOUT}
          label={<span aria-hidden> </span>}
          style={{ marginBottom: 12 }}
        >
          <Button
            danger
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Видалити ${what} ${number}`}
            onClick={onDelete}
          />
        </AntForm.Item>
      )}
    </Col>
  );
}
