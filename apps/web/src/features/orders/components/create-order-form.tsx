import { PlusOutlined } from '@ant-design/icons';
import { MAX_NAME_LENGTH } from '@medcalc/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Grid, Input, Typography } from 'antd';
import { useEffect, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { ConfirmModal } from '@/components/ui/confirm-action';
import { nameCount } from '@/components/ui/form';
import { readOnlyProps } from '@/components/ui/read-only-notice';
import { useMemberCan } from '@/hooks/use-member-can';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { ApiRequestError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';

import { useCategories } from '../api/get-categories';
import { getCompanyInfoQueryOptions, useCompanyInfo } from '@/lib/queries/company-info';
import { useCreateOrder } from '../api/create-order';
import {
  createNewOrderDraft,
  hasDraftErrors,
  hasNewOrderInput,
  isSourceChosen,
  keepServerErrors,
  NO_DRAFT_ERRORS,
  newOrderDraftReducer,
  placeDraftErrors,
  toNewOrderInput,
  validateNewOrderDraft,
  type DraftErrors,
  type NewOrderDraftAction,
} from '../stores/new-order-draft';
import { clearDraft, loadDraft, saveDraft } from '../stores/new-order-draft-storage';

import { ChosenCalculationsList, chosenRowNameId } from './chosen-calculations-list';
import { formatOrderFee, OrderConfirmationBody } from './order-fee';
import { SourcePicker } from './source-picker';
import { queryKeys } from '@/lib/query-keys';

const ORDER_NAME_ID = 'new-order-name';

/** Client messages first; a server message shows where the client found nothing. */
function mergeErrors(client: DraftErrors, server: DraftErrors): DraftErrors {
  const rows = { ...server.rows };
  for (const [key, value] of Object.entries(client.rows)) {
    rows[Number(key)] = { ...rows[Number(key)], ...value };
  }
  return {
    ...((client.name ?? server.name) ? { name: client.name ?? server.name } : {}),
    rows,
    other: [...new Set([...client.other, ...server.other])],
  };
}

/** What the Alert beside the confirm button says when the draft itself is incomplete. */
function clientErrorSummary(errors: DraftErrors): string {
  const parts: string[] = [];
  if (errors.name !== undefined) parts.push('Вкажіть назву замовлення.');
  if (Object.keys(errors.rows).length > 0) {
    parts.push('Заповніть назву та категорію позначених послуг.');
  }
  return parts.join(' ');
}

/** Scrolls the first marked field (the order name, else the first marked row) into view. */
function scrollToFirstError(rows: readonly { key: number }[], errors: DraftErrors) {
  const firstRow = rows.find((row) => errors.rows[row.key] !== undefined);
  const target =
    errors.name !== undefined
      ? document.getElementById(ORDER_NAME_ID)
      : firstRow
        ? document.getElementById(chosenRowNameId(firstRow.key))?.closest('li')
        : null;
  target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

/**
 * The body of spec §2 "Create order": order name, chosen calculations, the two source tabs, the sum to pay
 * and the confirmation. Confirming posts the order (spec §7) and hands over to `onCreated`.
 */
export function CreateOrderForm({ onCreated }: { onCreated: () => void }) {
  const user = useUser();
  const companyIdentifier = user.data?.companyIdentifier ?? '';
  const canEdit = useMemberCan('edit');
  const queryClient = useQueryClient();
  // The chosen services survive leaving the page and coming back (issue 13): the draft lives in sessionStorage.
  const [opened] = useState(() => createNewOrderDraft(new Date()));
  const [draft, dispatch] = useReducer(
    newOrderDraftReducer,
    undefined,
    () => loadDraft(companyIdentifier) ?? opened,
  );
  const hasInput = hasNewOrderInput(draft, opened);
  useEffect(() => {
    if (companyIdentifier !== '') saveDraft(companyIdentifier, draft, !hasInput);
  }, [companyIdentifier, draft, hasInput]);
  // Issue 33: the draft stays in the tab while the app opens its other pages, but closing the tab loses it, and
  // nothing is sent before «Підтвердити замовлення»: the tab going away asks (the browser's own question).
  const isPlacedRef = useRef(false);
  useUnsavedChanges({
    isDirty: () => hasInput && !isPlacedRef.current,
    isKeptInTab: true,
    message: 'Замовлення ще не підтверджено. Якщо закрити вкладку, обрані послуги буде втрачено.',
  });
  // Inline messages appear after the first confirm attempt and then follow every edit.
  const [isChecking, setIsChecking] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>(NO_DRAFT_ERRORS);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const categories = useCategories();
  // Started early so the confirmation rarely waits for it (see get-company-info.ts).
  useCompanyInfo(companyIdentifier);
  const createOrder = useCreateOrder();

  const edit = (action: NewOrderDraftAction) => {
    dispatch(action);
    setServerErrors((current) =>
      keepServerErrors(current, action, newOrderDraftReducer(draft, action)),
    );
  };

  // A name over the limit is said as it is typed rather than cut at 255 characters (issue 13); the other
  // messages wait for the confirm button.
  const longNameError =
    !isChecking && draft.name.trim().length > MAX_NAME_LENGTH
      ? validateNewOrderDraft(draft).name
      : undefined;
  const errors = mergeErrors(
    isChecking
      ? validateNewOrderDraft(draft)
      : longNameError === undefined
        ? NO_DRAFT_ERRORS
        : { ...NO_DRAFT_ERRORS, name: longNameError },
    serverErrors,
  );
  const count = draft.rows.length;
  const screens = Grid.useBreakpoint();
  // Until the breakpoints are measured `md` is undefined: the wide layout is the default.
  const isNarrow = screens.md === false;
  /**
   * Issue 33: the new row may be below the screen (a long list, a phone's keyboard): it is rendered at once, then
   * brought into view with its name input focused, so the user types the name straight away.
   */
  const addBlankRow = () => {
    const key = draft.nextKey;
    flushSync(() => edit({ type: 'add-blank' }));
    const input = document.getElementById(chosenRowNameId(key));
    input?.closest('li')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    input?.focus({ preventScroll: true });
  };
  const addBlankButton = (
    <Button icon={<PlusOutlined aria-hidden />} onClick={addBlankRow}>
      Додати розрахунок без шаблону
    </Button>
  );

  const clientErrors = isChecking ? validateNewOrderDraft(draft) : NO_DRAFT_ERRORS;

  const onConfirmClick = () => {
    setIsChecking(true);
    const found = validateNewOrderDraft(draft);
    if (hasDraftErrors(found)) {
      // The marked fields may be far above the button (a long list): bring the first one into view, so the
      // click visibly does something.
      scrollToFirstError(draft.rows, found);
      return;
    }
    setIsConfirmOpen(true);
  };

  // Busy from the first click (ConfirmModal) until the order is created or refused.
  const onConfirmed = async () => {
    const companyInfo = await queryClient
      .ensureQueryData(getCompanyInfoQueryOptions(companyIdentifier))
      .catch(() => undefined);
    try {
      await createOrder.mutateAsync({
        companyIdentifier,
        data: toNewOrderInput(draft, { userIdentifier: user.data?.identifier, companyInfo }),
      });
    } catch (error) {
      // Other failures keep the modal open: the toast says what happened and 'Так' tries again.
      if (!(error instanceof ApiRequestError) || error.status !== 422) return;
      // A 422 is about what was chosen: the modal closes so every row's message can be read and fixed.
      setIsConfirmOpen(false);
      const placed = placeDraftErrors(draft, error.errors);
      setServerErrors(hasDraftErrors(placed) ? placed : { ...placed, other: [error.message] });
      if (Object.values(placed.rows).some((row) => row.row !== undefined)) {
        // A chosen template or own calculation is gone: the tabs reload so they stop offering it.
        void queryClient.invalidateQueries({ queryKey: queryKeys.templates.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.calculations.all });
      }
      return;
    }
    isPlacedRef.current = true;
    clearDraft(companyIdentifier);
    setIsConfirmOpen(false);
    onCreated();
  };

  return (
    <Form layout="vertical" component={false} requiredMark={false} colon={false}>
      <Form.Item
        label="Назва замовлення"
        htmlFor={ORDER_NAME_ID}
        validateStatus={errors.name ? 'error' : undefined}
        help={errors.name ? <span id={`${ORDER_NAME_ID}-error`}>{errors.name}</span> : undefined}
      >
        <Input
          id={ORDER_NAME_ID}
          value={draft.name}
          count={nameCount()}
          status={errors.name ? 'error' : undefined}
          aria-invalid={errors.name !== undefined}
          aria-describedby={errors.name ? `${ORDER_NAME_ID}-error` : undefined}
          onChange={(event) => edit({ type: 'rename-order', name: event.target.value })}
        />
      </Form.Item>

      <Card
        title="Послуги для розрахунку"
        style={{ marginBottom: 24 }}
        // On a phone the button beside the title would cut the title to one letter: it moves under it.
        extra={isNarrow ? undefined : addBlankButton}
      >
        {isNarrow ? <div style={{ marginBottom: 16 }}>{addBlankButton}</div> : null}
        <ChosenCalculationsList
          rows={draft.rows}
          errors={errors.rows}
          categories={categories.data}
          isCategoriesLoading={categories.isPending}
          onRename={(key, templateName) => edit({ type: 'rename-row', key, templateName })}
          onSetCategory={(key, categoryId) => edit({ type: 'set-category', key, categoryId })}
          onRemove={(key) => edit({ type: 'remove', key })}
        />
      </Card>

      <Card title="Оберіть послуги" style={{ marginBottom: 24 }}>
        <SourcePicker
          companyIdentifier={companyIdentifier}
          isChosen={(source, sourceId) => isSourceChosen(draft, source, sourceId)}
          onToggle={(item, checked) => edit({ type: 'toggle-source', item, checked })}
        />
      </Card>

      {hasDraftErrors(serverErrors) ? (
        // The server refused the order (spec §7 orders/add, 422): the messages are on the rows above; what
        // belongs to no row is listed here, beside the button that sends the order again.
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title="Замовлення не створено: виправте позначені помилки."
          description={
            errors.other.length > 0 ? (
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {errors.other.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : hasDraftErrors(clientErrors) ? (
        // Beside the button as well as on the fields: on a long list the fields may be out of view.
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={clientErrorSummary(clientErrors)}
        />
      ) : null}

      <Flex justify="space-between" align="center" wrap gap={16}>
        {/* Spec §9: 240 UAH per chosen calculation. */}
        <Typography.Text strong style={{ fontSize: 18 }} aria-live="polite">
          {`До сплати: ${formatOrderFee(count)}`}
        </Typography.Text>
        {/* Spec §2, §5: the button shows only when at least one calculation is chosen. */}
        {count > 0 ? (
          <Button
            type="primary"
            size="large"
            onClick={onConfirmClick}
            // Issue 22: a «Перегляд» member cannot order (the page says why).
            {...readOnlyProps(canEdit)}
          >
            Підтвердити замовлення
          </Button>
        ) : null}
      </Flex>

      <ConfirmModal
        open={isConfirmOpen}
        title="Ви підтверджуєте замовлення?"
        okText="Так, підтверджую"
        cancelText="Ні, я ще відкоригую"
        destroyOnHidden
        onConfirm={onConfirmed}
        onCancel={() => setIsConfirmOpen(false)}
      >
        <OrderConfirmationBody count={count} />
      </ConfirmModal>
    </Form>
  );
}
