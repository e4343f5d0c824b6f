import { CalculatorOutlined, SaveOutlined } from '@ant-design/icons';
import {
  isEditable,
  ORDER_STATUS_LABELS,
  READ_ONLY_WHILE_APPROVAL_MESSAGE,
  type OrderDetail,
} from '@medcalc/domain';
import {
  Alert,
  Button,
  ConfigProvider,
  Flex,
  Grid,
  Modal,
  Result,
  Skeleton,
  Steps,
  theme,
  Typography,
} from 'antd';
import {
  lazy,
  startTransition,
  useCallback,
  Suspense,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type CSSProperties,
  type Dispatch,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useBlocker, useNavigate } from 'react-router';

import { COMPANY_INFO_LABELS } from '@/components/company-info/company-info-fields';
import { LoadingBlock } from '@/components/ui/loading-block';
import { paths } from '@/config/paths';
import { useCompanyIdentifier } from '@/hooks/use-company-identifier';
import { useStickyTop } from '@/hooks/use-sticky-top';
import { ApiRequestError } from '@/lib/api-client';

import { useCalculateCalculations } from '../api/calculate-calculations';
import { readOrderRefusal, useOrder } from '../api/get-order';
import { useSaveCalculations } from '../api/save-calculations';
import {
  orderDraftFromDetail,
  type OrderDraft,
  type OrderDraftAction,
} from '../stores/order-draft';
import { createWizardEditorState, wizardEditorReducer } from '../stores/wizard-editor';
import {
  describeErrorPath,
  firstMessages,
  stepOfErrorPath,
  stepsWithDraftIssues,
  stepsWithErrors,
  type WizardStep,
} from '../utils/error-paths';

import { StepInstitution } from './step-institution';
import { StepMaterials } from './step-materials';
import { StepPriceList } from './step-price-list';
import { StepTimeCosts } from './step-time-costs';

// Step 5 brings the chart library: it loads only when the step is opened (issue 9).
const StepResults = lazy(() =>
  import('./step-results').then((module) => ({ default: module.StepResults })),
);

/** The five steps of spec §2 "Wizard", in order. */
export const WIZARD_STEPS: readonly { step: WizardStep; title: string }[] = [
  { step: 1, title: 'Дані закладу' },
  { step: 2, title: 'Витрати часу' },
  { step: 3, title: 'Витрати матеріалів' },
  { step: 4, title: 'Прейскурант матеріалів' },
  { step: 5, title: 'Рентабельність' },
];

/** Spec §2 "Calculate modal". */
export const CALCULATE_MODAL = {
  title: 'Розрахувати?',
  body: 'Після підтвердження ви одразу отримаєте результати, які зможете скоригувати та надіслати на підпис.',
  cancel: 'Ні, я ще відкоригую',
  confirm: 'Так, підтверджую',
} as const;

const institutionLabel = (field: string) =>
  Object.hasOwn(COMPANY_INFO_LABELS, field)
    ? COMPANY_INFO_LABELS[field as keyof typeof COMPANY_INFO_LABELS]
    : undefined;

/**
 * The wizard page (spec §2 "Wizard", `/orders/create/{identifier}`): loads the order, shows a skeleton meanwhile
 * and the server's refusal of an unpaid (403) or unknown (404) order, then the five steps.
 */
export function OrderWizard({
  identifier,
  backLink,
}: {
  identifier: string;
  /** A link back to the orders list, given by the page. */
  backLink: ReactNode;
}) {
  const order = useOrder(identifier);
  // The wizard starts from the order as the server has it now: cached data that a save or a status change made
  // stale is fetched again first (else a reopened wizard could show the draft from before the last save).
  // Once started, the page keeps its own draft: later refetches of the order do not replace the user's edits.
  const [start, setStart] = useState<OrderDetail>();
  if (start === undefined && order.data !== undefined && !(order.isFetching && order.isStale)) {
    setStart(order.data);
  }

  if (start !== undefined) return <WizardEditor detail={start} />;

  if (order.isError) {
    const refusal = readOrderRefusal(order.error);
    if (refusal) {
      return (
        <Result
          status={refusal.status === 403 ? 'warning' : '404'}
          title={refusal.status === 403 ? 'Замовлення ще недоступне' : 'Замовлення не знайдено'}
          subTitle={refusal.message}
          extra={backLink}
        />
      );
    }
    return (
      <Result
        status="error"
        title="Не вдалося завантажити замовлення"
        subTitle="Спробуйте ще раз за хвилину."
        extra={
          <Button type="primary" onClick={() => void order.refetch()}>
            Спробувати ще раз
          </Button>
        }
      />
    );
  }

  return (
    <div role="status" aria-label="Завантаження замовлення">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

/** Hides a text from sight but not from screen readers. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

const NARROW_STEP_TITLE: CSSProperties = {
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/**
 * A step of 1–4 once it has been opened (or rendered ahead in idle time, see WizardEditor): rendered, and hidden
 * while another step is open, so going back to it does not mount its fields again (antd's inputs cost about
 * 10–50 ms a service card, and step 1 has some 60 fields: docs/performance.md "Wizard"). A hidden step keeps the
 * browser's styles and layout too (`.wizard-step-panel[hidden]` in index.css).
 *
 * The element last rendered is given again while the step is hidden, and when the step is opened with the same
 * props (the reducer keeps the draft's objects until an edit): React then leaves the step's fields alone. Opened
 * after an edit elsewhere, the step renders with the new props and so catches up with the draft.
 */
function StepPanel({
  step,
  openStep,
  visited,
  children,
}: {
  step: WizardStep;
  openStep: WizardStep;
  visited: ReadonlySet<WizardStep>;
  children: ReactElement<object>;
}) {
  const renderedRef = useRef<ReactElement<object> | null>(null);
  if (!visited.has(step)) return null;
  const isOpen = step === openStep;
  const rendered = renderedRef.current;
  const content =
    rendered !== null && (!isOpen || shallowEqual(rendered.props, children.props))
      ? rendered
      : children;
  // Written during render: a render React throws away can only leave a newer element here, which the next render
  // compares against (and renders if its props differ from what was committed), so nothing stale is shown.
  renderedRef.current = content;
  return (
    <section
      className="wizard-step-panel"
      hidden={!isOpen}
      // Shown as a block (index.css), a hidden step would stay an empty landmark for screen readers.
      aria-hidden={isOpen ? undefined : true}
      aria-label={`Крок ${step}: ${WIZARD_STEPS[step - 1]?.title ?? ''}`}
    >
      {content}
    </section>
  );
}

const PRERENDERED_STEPS: readonly WizardStep[] = [2, 3, 4];

function shallowEqual(a: object, b: object): boolean {
  const aEntries = Object.entries(a);
  return (
    aEntries.length === Object.keys(b).length &&
    aEntries.every(([key, value]) => Object.is(value, (b as Record<string, unknown>)[key]))
  );
}

/** The parts of the draft Save stores: an edit replaces one of them (the reducer keeps the others). */
const savedParts = (draft: OrderDraft) => ({
  name: draft.name,
  companyInfo: draft.companyInfo,
  calculations: draft.calculations,
  priceRounding: draft.priceRounding,
});

/**
 * Issue 18: an order whose data were updated («Оновити дані в калькуляції») is at a later revision; until it is
 * calculated again (while `payed` or `saved`) the wizard says what changed and what to do.
 */
const revisionNotice = (revision: number) =>
  `Редакція ${revision}: дані оновлено з поточного штатного розпису, цін матеріалів і даних закладу. Перевірте та натисніть «Розрахувати».`;

function WizardEditor({ detail }: { detail: OrderDetail }) {
  const companyIdentifier = useCompanyIdentifier();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const stickyTop = useStickyTop();
  const [{ draft, fieldErrors }, dispatchEditor] = useReducer(
    wizardEditorReducer,
    detail,
    (order) => createWizardEditorState(orderDraftFromDetail(order)),
  );
  const dispatch: Dispatch<OrderDraftAction> = dispatchEditor;
  const [step, setStep] = useState<WizardStep>(1);
  // Steps 1–4 stay rendered, hidden, once opened (see StepPanel).
  const [visited, setVisited] = useState<ReadonlySet<WizardStep>>(() => new Set([1]));
  if (!visited.has(step)) setVisited(new Set([...visited, step]));
  // Steps 2–4 are rendered ahead, hidden, one per idle moment after the wizard opens, so that opening one for
  // the first time shows what is rendered instead of building its cards then (issue 12). Where the browser has
  // no idle callback (Safari, jsdom) a step is rendered when it is first opened.
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const ahead = PRERENDERED_STEPS.find((candidate) => !visited.has(candidate));
    if (ahead === undefined) return;
    const handle = window.requestIdleCallback(
      () => startTransition(() => setVisited((now) => new Set([...now, ahead]))),
      { timeout: 3000 },
    );
    return () => window.cancelIdleCallback(handle);
  }, [visited]);
  const [saved, setSaved] = useState(() => savedParts(draft));
  const [isCalculateOpen, setCalculateOpen] = useState(false);
  const save = useSaveCalculations();
  const calculate = useCalculateCalculations();
  // Set once Calculate succeeded: the draft is stored, so going to /orders asks nothing.
  const isLeavingRef = useRef(false);
  const navRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // A step opened from far down the page (the header is sticky) starts at its top, not at some point of it.
  const openStep = useCallback(
    (next: WizardStep) => {
      setStep(next);
      const panel = panelRef.current;
      if (panel === null) return;
      const panelTop =
        panel.getBoundingClientRect().top +
        window.scrollY -
        stickyTop -
        (navRef.current?.offsetHeight ?? 0) -
        16;
      if (window.scrollY > Math.max(0, panelTop)) window.scrollTo({ top: panelTop });
    },
    [stickyTop],
  );

  const readOnly = !isEditable(draft.status);
  const isDirty =
    !readOnly &&
    (draft.name !== saved.name ||
      draft.companyInfo !== saved.companyInfo ||
      draft.calculations !== saved.calculations ||
      draft.priceRounding !== saved.priceRounding);

  // Edits must not be lost by a click in the menu or a closed tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isLeavingRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  /** A 422 names fields by path: they are marked in their steps; other failures are only the toast. */
  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 422) {
      dispatchEditor({ type: 'setServerErrors', fieldErrors: firstMessages(error.errors) });
    }
  };

  const onSave = () => {
    const sent = draft;
    save.mutate(sent, {
      onSuccess: ({ status }) => {
        setSaved(savedParts(sent));
        dispatchEditor({ type: 'setServerErrors', fieldErrors: {} });
        dispatchEditor({ type: 'setStatus', status });
      },
      onError: showServerErrors,
    });
  };

  const onCalculate = () => {
    calculate.mutate(draft, {
      onSuccess: () => {
        isLeavingRef.current = true;
        setCalculateOpen(false);
        void navigate(paths.orders);
      },
      onError: (error) => {
        setCalculateOpen(false);
        showServerErrors(error);
      },
    });
  };

  const { companyInfo, calculations } = draft;
  const draftIssueSteps = useMemo(
    () => stepsWithDraftIssues({ companyInfo, calculations }),
    [companyInfo, calculations],
  );
  // A step is marked for the server's messages of the last save/calculate and for what its fields say now.
  // Kept as one object while the marked steps stay the same, so the step bar below is not rendered again on
  // every keystroke (docs/performance.md "Wizard").
  const errorStepsKey = [...new Set([...stepsWithErrors(fieldErrors), ...draftIssueSteps])]
    .sort()
    .join(',');
  const errorSteps = useMemo(
    () => new Set(errorStepsKey.split(',').filter(Boolean).map(Number)),
    [errorStepsKey],
  );
  const errorEntries = Object.entries(fieldErrors);
  const isNarrow = !screens.lg;
  const showsRevision =
    detail.revision > 1 && (draft.status === 'payed' || draft.status === 'saved');
  const stepProps = { draft, dispatch, readOnly, companyIdentifier, fieldErrors };
  const stepBar = useMemo(
    () => (
      <Steps
        current={step - 1}
        onChange={(index) => openStep((index + 1) as WizardStep)}
        orientation="horizontal"
        // antd would turn the steps vertical below 532 px: five rows that push the step's panel off a phone.
        responsive={false}
        size="small"
        // The open step's title on one line, cut short with '…' if it must be; no rails between the steps.
        styles={
          isNarrow ? { itemTitle: NARROW_STEP_TITLE, itemRail: { display: 'none' } } : undefined
        }
        items={WIZARD_STEPS.map(({ step: number, title }) => ({
          key: number,
          // Hidden, not dropped: the step's button keeps its name for screen readers.
          title: isNarrow && number !== step ? <span style={VISUALLY_HIDDEN}>{title}</span> : title,
          status: errorSteps.has(number) ? 'error' : number === step ? 'process' : 'wait',
          // Narrow, the other steps are just their numbered circles, close together, and the open step
          // (the one with a title) takes the room left.
          style: isNarrow
            ? {
                ...(number === step
                  ? { flex: '1 1 0', minWidth: 0 }
                  : { flex: '0 0 28px', overflow: 'hidden' }),
                marginInlineStart: number === 1 ? 0 : 6,
              }
            : undefined,
        }))}
      />
    ),
    [step, errorSteps, isNarrow, openStep],
  );

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Замовлення «{draft.name}» · {ORDER_STATUS_LABELS[draft.status]}
        {isDirty ? (
          <>
            {' · '}
            <Typography.Text type="warning">Є незбережені зміни</Typography.Text>
          </>
        ) : null}
      </Typography.Paragraph>

      {showsRevision ? (
        <Alert type="info" showIcon title={revisionNotice(detail.revision)} />
      ) : null}

      {/*
        Sticks under the app's header, so Save, Calculate and the other steps stay one click away on a long step
        (step 1 is about 3 300 px). Narrower than `lg` it is kept to two short rows: the steps by number with
        only the open step's title, then the buttons.
      */}
      <Flex
        wrap
        gap={isNarrow ? 8 : 16}
        align="center"
        justify="space-between"
        ref={navRef}
        role="navigation"
        aria-label="Кроки розрахунку"
        style={{
          position: 'sticky',
          top: stickyTop,
          zIndex: 9,
          margin: '0 -8px',
          padding: 8,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {/* The five titles need about 880 px on one line; narrower, the buttons go below rather than squeeze them. */}
        <div style={{ flex: isNarrow ? '1 1 100%' : '1 1 880px', minWidth: 0 }}>{stepBar}</div>
        {readOnly ? null : (
          <Flex gap={8} wrap align="center" justify="end">
            <Button
              icon={<SaveOutlined aria-hidden />}
              loading={save.isPending}
              disabled={calculate.isPending}
              onClick={onSave}
            >
              Зберегти
            </Button>
            <Button
              type="primary"
              icon={<CalculatorOutlined aria-hidden />}
              disabled={save.isPending}
              onClick={() => setCalculateOpen(true)}
            >
              Розрахувати
            </Button>
          </Flex>
        )}
      </Flex>

      {readOnly ? <Alert type="info" showIcon title={READ_ONLY_WHILE_APPROVAL_MESSAGE} /> : null}

      {errorEntries.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title="Сервер не прийняв дані: виправте позначені поля."
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {errorEntries.map(([path, message]) => {
                const target = stepOfErrorPath(path);
                return (
                  <li key={path}>
                    {describeErrorPath(path, draft, institutionLabel)}: {message}
                    {target !== null && target !== step ? (
                      <Button type="link" size="small" onClick={() => openStep(target)}>
                        Крок {target}
                      </Button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          }
        />
      ) : null}

      <div ref={panelRef}>
        {/* Read-only orders (sent, confirmed): every input of steps 1–4 is disabled. */}
        <ConfigProvider componentDisabled={readOnly}>
          <StepPanel step={1} openStep={step} visited={visited}>
            <StepInstitution draft={draft} dispatch={dispatch} fieldErrors={fieldErrors} />
          </StepPanel>
          <StepPanel step={2} openStep={step} visited={visited}>
            <StepTimeCosts {...stepProps} />
          </StepPanel>
          <StepPanel step={3} openStep={step} visited={visited}>
            <StepMaterials {...stepProps} />
          </StepPanel>
          <StepPanel step={4} openStep={step} visited={visited}>
            <StepPriceList {...stepProps} />
          </StepPanel>
        </ConfigProvider>
        {step === 5 ? (
          <section aria-label={`Крок 5: ${WIZARD_STEPS[4]?.title ?? ''}`}>
            <Suspense fallback={<LoadingBlock label="Рентабельність: завантаження…" rows={8} />}>
              <StepResults draft={draft} dispatch={dispatch} readOnly={readOnly} />
            </Suspense>
          </section>
        ) : null}
      </div>

      <Modal
        open={isCalculateOpen}
        title={CALCULATE_MODAL.title}
        onCancel={() => setCalculateOpen(false)}
        destroyOnHidden
        footer={
          // Wraps with a gap on a phone, where the two long labels do not fit on one line.
          <Flex wrap gap={8} justify="end">
            <Button onClick={() => setCalculateOpen(false)} disabled={calculate.isPending}>
              {CALCULATE_MODAL.cancel}
            </Button>
            <Button type="primary" loading={calculate.isPending} onClick={onCalculate}>
              {CALCULATE_MODAL.confirm}
            </Button>
          </Flex>
        }
      >
        {CALCULATE_MODAL.body}
      </Modal>

      <Modal
        open={blocker.state === 'blocked'}
        title="Залишити сторінку?"
        okText="Піти без збереження"
        okButtonProps={{ danger: true }}
        cancelText="Залишитися"
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        Замовлення має незбережені зміни. Якщо піти зі сторінки, їх буде втрачено.
      </Modal>
    </Flex>
  );
}
