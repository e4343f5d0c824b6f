import { Form } from 'antd';
import type { ReactNode } from 'react';

/**
 * What the wizard's Form.Items would take from an antd Form (vertical labels, no colons; no item has a required
 * mark), given to each item instead: the steps have no Form around their fields. antd 6's Form hands its items a
 * new context value on every render, so a Form re-rendered on each keystroke re-rendered every field of every
 * service under it (about a second per key for 100 services, docs/performance.md "Wizard").
 */
export const WIZARD_ITEM_LAYOUT = { layout: 'vertical', colon: false } as const;

/**
 * A labelled control of a wizard line with its message under it: the domain schema's message for what is typed
 * now, or else the server's message from the last save or calculate (spec §5). `id` ties the label to the
 * control and must be unique on the page.
 */
export function WizardField({
  id,
  label,
  error,
  isLabelHidden = false,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  /**
   * For a table cell, whose column header already says what the control is: no visible label, and the control
   * itself must carry `aria-label`.
   */
  isLabelHidden?: boolean;
  children: ReactNode;
}) {
  return (
    <Form.Item
      {...WIZARD_ITEM_LAYOUT}
      label={isLabelHidden ? undefined : label}
      htmlFor={isLabelHidden ? undefined : id}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
      style={{ marginBottom: isLabelHidden ? 0 : 12 }}
    >
      {children}
    </Form.Item>
  );
}
