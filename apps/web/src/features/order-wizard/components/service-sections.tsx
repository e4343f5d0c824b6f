import type { WizardCalculationItem, WizardCalculations } from '@medcalc/domain';
import { Alert, Button, Empty } from 'antd';
import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
} from 'react';

import type { OrderDraft, OrderDraftAction } from '../stores/order-draft';
import type { FieldErrors } from '../utils/error-paths';

/** Props of a wizard step that edits the order's services. */
export type WizardStepProps = {
  draft: OrderDraft;
  dispatch: Dispatch<OrderDraftAction>;
  readOnly: boolean;
  companyIdentifier: string;
  fieldErrors: FieldErrors;
};

/** Props of one service's card in step 2 or 3: the service, its place, and what the step hands every card. */
export type ServiceCardProps = {
  category: string;
  /** The service's position in its category, as in the server's error paths. */
  index: number;
  item: WizardCalculationItem;
  dispatch: Dispatch<OrderDraftAction>;
  readOnly: boolean;
  fieldErrors: FieldErrors;
};

/** Cards rendered with the step itself: the top of the step, which the first frame after a switch shows. */
const EAGER_CARDS = 2;

/**
 * How far outside the window a card is rendered ahead of being scrolled to, px: more than a screen, so scrolling
 * and Tab meet rendered cards.
 */
const RENDER_AHEAD = '1500px 0px';

/**
 * Estimated height of a card not rendered yet, px (a card's header, its service row and footer, and one row per
 * line), so the page's length and the scroll bar hardly move when it is.
 */
const estimatedHeight = (lines: number) => 190 + 96 * Math.max(1, lines);

const canObserve = () => typeof IntersectionObserver !== 'undefined';

/**
 * One service's place in the list: the card itself (`children`) once it comes within {@link RENDER_AHEAD} of the
 * window, until then a light box of about its height with the service's name. Mounting all 100 cards of a
 * 100-service order (antd inputs and selects, about 10–50 ms a card) made a step switch take seconds
 * (docs/performance.md "Wizard"); so a step shows its first cards at once and renders the rest as they are
 * scrolled to, in a background render that input interrupts. A rendered card stays, with what is typed in it.
 * The box is a button: Tab or a click on it renders the card and moves the focus into it.
 */
function ServiceSlot({
  name,
  lines,
  isEager,
  children,
}: {
  name: string;
  lines: number;
  isEager: boolean;
  children: ReactNode;
}) {
  const [isShown, setShown] = useState(() => isEager || !canObserve());
  const slotRef = useRef<HTMLDivElement>(null);
  const focusOnShow = useRef(false);

  useEffect(() => {
    const slot = slotRef.current;
    if (isShown || slot === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setShown(true));
      },
      { rootMargin: RENDER_AHEAD },
    );
    observer.observe(slot);
    return () => observer.disconnect();
  }, [isShown]);

  useLayoutEffect(() => {
    if (!isShown || !focusOnShow.current) return;
    focusOnShow.current = false;
    slotRef.current
      ?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled]), textarea')
      ?.focus();
  }, [isShown]);

  const show = () => {
    focusOnShow.current = true;
    setShown(true);
  };

  return (
    <div ref={slotRef}>
      {isShown ? (
        children
      ) : (
        <button
          type="button"
          className="wizard-card-placeholder"
          style={{ minHeight: estimatedHeight(lines) }}
          aria-label={`Послуга: ${name} — показати поля`}
          onFocus={show}
          onClick={show}
        >
          {name || 'Послуга без назви'}
        </button>
      )}
    </div>
  );
}

/**
 * The services of the order, per category (steps 2 and 3): a retry banner when the step's reference list did not
 * load, "no services" when the order has none, else a titled section per category with one card per service.
 */
export function ServiceSections({
  calculations,
  loadError,
  onRetry,
  renderService,
  countLines,
}: {
  calculations: WizardCalculations;
  /** The banner's text when the reference list failed to load, else null. */
  loadError: string | null;
  onRetry: () => void;
  renderService: (category: string, item: WizardCalculationItem, index: number) => ReactNode;
  /** The number of lines of a service's card, for the height of its place before it is rendered. */
  countLines: (item: WizardCalculationItem) => number;
}) {
  const categories = Object.entries(calculations);
  // Each category's first card's place in the whole list, for the first EAGER_CARDS of it (a loop, not a counter
  // changed inside the map below, which the React Compiler cannot compile: the list would re-render whole).
  const firstOf: number[] = [];
  let count = 0;
  for (const [, items] of categories) {
    firstOf.push(count);
    count += items.length;
  }
  return (
    <>
      {loadError !== null ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={loadError}
          action={
            <Button size="small" onClick={onRetry}>
              Спробувати ще раз
            </Button>
          }
        />
      ) : null}
      {categories.length === 0 ? (
        <Empty description="У замовленні немає послуг." />
      ) : (
        // Plain elements, not antd's Flex and Title: this list re-renders on every keystroke, and each antd
        // component's render costs its style hooks, for every category of the order.
        <div className="wizard-sections">
          {categories.map(([category, items], categoryIndex) => (
            <section key={category} aria-label={category}>
              <h3 className="wizard-category-title">{category}</h3>
              <div className="wizard-cards">
                {items.map((item, index) => (
                  <ServiceSlot
                    key={item.id}
                    name={item.name}
                    lines={countLines(item)}
                    isEager={(firstOf[categoryIndex] ?? 0) + index < EAGER_CARDS}
                  >
                    {renderService(category, item, index)}
                  </ServiceSlot>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
