import { Form as AntForm } from 'antd';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';

type FieldsSetter = (fields: ReactNode) => void;

/** Renders the fields {@link WizardFieldsForm} hands it, as its own state. */
function Fields({
  initial,
  setter,
}: {
  initial: ReactNode;
  setter: RefObject<FieldsSetter | null>;
}) {
  const [fields, setFields] = useState<ReactNode>(initial);
  useLayoutEffect(() => {
    setter.current = setFields;
    return () => {
      setter.current = null;
    };
  }, [setter]);
  return fields;
}

/**
 * The antd Form around a step's fields (vertical labels, no required marks, no colons), rendered once.
 *
 * antd 6's Form hands its Form.Items a new context value on every render (it spreads a fresh `tooltip`
 * object into it), and a context change re-renders every consumer, memo or not: with the Form re-rendered on
 * each keystroke, every field of every service re-rendered too — about a second per key for an order of 100
 * services in Chromium (docs/performance.md "Wizard"). Here the Form element is made once and the new fields
 * are set as the state of the component inside it, before the browser paints (a layout effect): a keystroke
 * re-renders the step's list and the one service that changed (its card is memoised), not the Form. A
 * context of our own would do the same but makes React search the whole tree of fields for its consumers.
 */
export function WizardFieldsForm({ children }: { children: ReactNode }) {
  const setter = useRef<FieldsSetter | null>(null);
  const [initial] = useState(children);
  const form = useMemo(
    () => (
      <AntForm component={false} layout="vertical" requiredMark={false} colon={false}>
        <Fields initial={initial} setter={setter} />
      </AntForm>
    ),
    [initial],
  );
  // Children's layout effects run first, so `Fields` has registered its setter by now.
  useLayoutEffect(() => {
    setter.current?.(children);
  }, [children]);
  return form;
}
