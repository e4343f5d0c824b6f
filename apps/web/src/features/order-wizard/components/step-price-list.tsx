import { PlusOutlined } from '@ant-design/icons';
import { isEditable, pillLineSchema } from '@medcalc/domain';
import {
  Alert,
  Button,
  Divider,
  Empty,
  Flex,
  Grid,
  Select,
  Spin,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState, type Dispatch } from 'react';

import { NumberInput } from '@/components/ui/number-input';

import { useOwnMeasurements } from '@/lib/queries/own-measurements';
import { useStandardMeasurements } from '@/lib/queries/standard-measurements';
import { useAllPills } from '../api/get-all-pills';
import { useSaveMaterialsToInstitution } from '../api/save-materials-to-institution';
import {
  listServices,
  materialKey,
  selectPriceList,
  type OrderDraft,
  type OrderDraftAction,
  type PriceListRow,
} from '../stores/order-draft';
import { pillFieldPath, type FieldErrors } from '../utils/error-paths';
import { priceListDifferences } from '../utils/institution-differences';
import { valueIssue } from '../utils/schema-issues';

import { AddUnitModal } from './add-unit-modal';
import { InstitutionCopyNotice, type CopyNoticeTexts } from './institution-copy-notice';
import { WizardField } from './wizard-field';

/** Spec §2 step 4: the banner asking the user to check the prices. */
export const PRICE_LIST_BANNER =
  'Перевірте та за потреби виправте ціни матеріалів: вони застосуються в усіх послугах замовлення.';

type UnitGroup = { label: string; title: string; options: { value: string; label: string }[] };

type StepProps = {
  draft: OrderDraft;
  dispatch: Dispatch<OrderDraftAction>;
  readOnly: boolean;
  companyIdentifier: string;
  fieldErrors: FieldErrors;
};

/**
 * Step 4 "Price list of materials" (spec §2): one row per distinct material across all services, its name
 * read-only, its unit (standard or own, or a new one through the add-unit modal) and its price editable. An
 * edit changes every line of the order that uses the material (`setMaterialInfo`).
 */
export function StepPriceList({
  draft,
  dispatch,
  readOnly,
  companyIdentifier,
  fieldErrors,
}: StepProps) {
  const rows = selectPriceList(draft.calculations);
  const standard = useStandardMeasurements();
  const own = useOwnMeasurements(companyIdentifier);
  const [addingFor, setAddingFor] = useState<string | null>(null);
  // The unit list that is open, by material: 'Додати одиницю' closes it, else it would stay over the modal.
  const [unitListFor, setUnitListFor] = useState<string | null>(null);
  // Four columns do not fit a phone: there a material's unit and price go under its name.
  const isPhone = Grid.useBreakpoint().xs === true;

  const unitGroups: UnitGroup[] = (() => {
    const standardNames = [...new Set((standard.data ?? []).map((unit) => unit.label))];
    const ownNames = [...new Set((own.data ?? []).map((unit) => unit.name))].filter(
      (name) => !standardNames.includes(name),
    );
    return [
      { label: 'Стандартні', title: 'Стандартні', names: standardNames },
      { label: 'Власні', title: 'Власні', names: ownNames },
    ]
      .filter((group) => group.names.length > 0)
      .map(({ names, ...group }) => ({
        ...group,
        options: names.map((name) => ({ value: name, label: name })),
      }));
  })();
  const unitsLoading = standard.isPending || own.isPending;

  // The server's messages for a material's unit or price sit on its lines; the row shows the first of them.
  const serverErrorOf = (key: string, field: 'price' | 'measurement_type') => {
    for (const { category, index, item } of listServices(draft.calculations)) {
      for (const [lineIndex, line] of item.calculation.pills.entries()) {
        if (materialKey(line) !== key) continue;
        const message = fieldErrors[pillFieldPath(category, index, lineIndex, field)];
        if (message !== undefined) return message;
      }
    }
    return undefined;
  };

  const unitField = (row: PriceListRow, index: number) => {
    const id = `price-list-${index}-unit`;
    const error =
      valueIssue(pillLineSchema.shape.measurement_type, row.measurement_type) ??
      serverErrorOf(row.materialKey, 'measurement_type');
    return (
      <WizardField id={id} label={`Одиниця виміру: ${row.name}`} error={error} isLabelHidden>
        <Select<string>
          id={id}
          aria-label={`Одиниця виміру: ${row.name}`}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          status={error ? 'error' : undefined}
          value={row.measurement_type === '' ? undefined : row.measurement_type}
          open={unitListFor === row.materialKey}
          onOpenChange={(open) => setUnitListFor(open ? row.materialKey : null)}
          options={unitGroups}
          onChange={(value) =>
            dispatch({
              type: 'setMaterialInfo',
              materialKey: row.materialKey,
              measurement_type: value,
            })
          }
          placeholder="Оберіть одиницю"
          showSearch={{ optionFilterProp: 'label' }}
          loading={unitsLoading}
          notFoundContent={unitsLoading ? <Spin size="small" /> : 'Опції не знайдено'}
          listHeight={350}
          style={{ width: '100%' }}
          popupRender={(menu) => (
            <>
              {menu}
              <Divider style={{ margin: '4px 0' }} />
              <Button
                type="text"
                block
                icon={<PlusOutlined aria-hidden />}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setUnitListFor(null);
                  setAddingFor(row.materialKey);
                }}
                style={{ textAlign: 'left' }}
              >
                Додати одиницю
              </Button>
            </>
          )}
        />
      </WizardField>
    );
  };

  const priceField = (row: PriceListRow, index: number) => {
    const id = `price-list-${index}-price`;
    const error =
      valueIssue(pillLineSchema.shape.price, row.price) ?? serverErrorOf(row.materialKey, 'price');
    return (
      <WizardField id={id} label={`Ціна за одиницю, грн: ${row.name}`} error={error} isLabelHidden>
        <NumberInput
          id={id}
          aria-label={`Ціна за одиницю, грн: ${row.name}`}
          status={error ? 'error' : undefined}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={row.price}
          precision={2}
          style={{ width: '100%' }}
          onChange={(value) =>
            dispatch({ type: 'setMaterialInfo', materialKey: row.materialKey, price: value })
          }
        />
      </WizardField>
    );
  };

  const columns: TableColumnsType<PriceListRow> = isPhone
    ? [
        {
          key: 'name',
          title: 'Матеріал',
          render: (_, row, index) => (
            <Flex vertical gap={4}>
              <Typography.Text strong>{row.name}</Typography.Text>
              <Flex gap={8}>
                {/* The controls carry these as their accessible names (aria-label). */}
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text type="secondary" aria-hidden style={{ fontSize: 12 }}>
                    Одиниця виміру
                  </Typography.Text>
                  {unitField(row, index)}
                </Flex>
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text type="secondary" aria-hidden style={{ fontSize: 12 }}>
                    Ціна за одиницю, грн
                  </Typography.Text>
                  {priceField(row, index)}
                </Flex>
              </Flex>
            </Flex>
          ),
        },
      ]
    : [
        {
          key: 'name',
          title: 'Матеріал',
          dataIndex: 'name',
        },
        {
          key: 'unit',
          title: 'Одиниця виміру',
          width: 240,
          render: (_, row, index) => unitField(row, index),
        },
        {
          key: 'price',
          title: 'Ціна за одиницю, грн',
          width: 200,
          render: (_, row, index) => priceField(row, index),
        },
        {
          key: 'lineCount',
          title: 'Рядків у послугах',
          dataIndex: 'lineCount',
          width: 110,
          align: 'right',
        },
      ];

  return (
    <>
      <PriceListNotice
        rows={rows}
        companyIdentifier={companyIdentifier}
        isOrderEditable={isEditable(draft.status)}
      />
      <Alert type="warning" showIcon title={PRICE_LIST_BANNER} style={{ marginBottom: 16 }} />
      <Table<PriceListRow>
        className="wizard-price-list"
        rowKey="materialKey"
        columns={columns}
        dataSource={rows}
        pagination={false}
        size="small"
        scroll={isPhone ? undefined : { x: 640 }}
        aria-label="Прейскурант матеріалів"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="Матеріалів у послугах ще немає: додайте їх на кроці «Витрати матеріалів»."
            />
          ),
        }}
      />
      {readOnly ? null : (
        <AddUnitModal
          open={addingFor !== null}
          companyIdentifier={companyIdentifier}
          onClose={() => setAddingFor(null)}
          onCreated={(unit) => {
            if (addingFor !== null) {
              dispatch({
                type: 'setMaterialInfo',
                materialKey: addingFor,
                measurement_type: unit.name,
              });
            }
          }}
        />
      )}
    </>
  );
}

/** Issue 33: what step 4 edits (the order's copy of the prices) and how to save it to the materials list too. */
const PRICE_LIST_TEXTS: CopyNoticeTexts = {
  title: 'Ціни та одиниці тут — копія лише для цього замовлення',
  description:
    'Зміни на цьому кроці діють лише в цьому замовленні: список «Витратні матеріали» закладу та інші замовлення залишаються як були, доки ви не збережете зміни також у списку матеріалів.',
  differs: (count) => `Відрізняється від матеріалів закладу: ${count}.`,
  action: 'Зберегти також у матеріалах закладу',
  confirmTitle: 'Зберегти ціни також у матеріалах закладу?',
  confirmText:
    'Ці одиниці й ціни із замовлення буде записано у власні матеріали закладу (сторінка «Витратні матеріали»): з ними матеріал обиратиметься в нових розрахунках, а вже створені замовлення самі не зміняться.',
  saved: (count) => `Матеріали закладу оновлено (змінених матеріалів: ${count}).`,
};

const READ_ONLY_PRICE_LIST_TEXTS: CopyNoticeTexts = {
  ...PRICE_LIST_TEXTS,
  description:
    'Це копія цін матеріалів, з якою розраховано замовлення: зміни на сторінці «Витратні матеріали» її не змінюють.',
};

/**
 * The order's price list against the materials step 3 offers (the provider's and the institution's own, one key
 * and fetcher with that step): the institution's own materials whose unit or price differs are offered for saving
 * through the /pills page's call; the provider's are named with the reason they stay.
 */
function PriceListNotice({
  rows,
  companyIdentifier,
  isOrderEditable,
}: {
  rows: readonly PriceListRow[];
  companyIdentifier: string;
  isOrderEditable: boolean;
}) {
  const catalogue = useAllPills(companyIdentifier);
  const saving = useSaveMaterialsToInstitution();
  const { differences, notSaved } =
    catalogue.data === undefined
      ? { differences: [], notSaved: [] }
      : priceListDifferences(rows, catalogue.data);
  return (
    <InstitutionCopyNotice
      texts={isOrderEditable ? PRICE_LIST_TEXTS : READ_ONLY_PRICE_LIST_TEXTS}
      differences={differences}
      notSaved={notSaved}
      isOrderEditable={isOrderEditable}
      onSave={() =>
        saving.mutateAsync({
          companyIdentifier,
          updates: differences.map(({ id, input }) => ({ id, input })),
        })
      }
    />
  );
}
