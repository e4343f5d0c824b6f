import { Form, Typography } from 'antd';
import type { ReactNode } from 'react';

import { describedBy } from '@/components/ui/form';
import { NumberInput } from '@/components/ui/number-input';

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
  warning,
  isLabelHidden = false,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  /**
   * A value that is allowed but looks like a slip (issue 33: a staff line's 0 minutes); shown, in the theme's
   * readable warning colour, only while there is no error. The control points at it with `warnedBy`.
   */
  warning?: string | undefined;
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
      validateStatus={error ? 'error' : warning ? 'warning' : undefined}
      help={
        error ? (
          <span id={`${id}-error`}>{error}</span>
        ) : warning ? (
          <Typography.Text type="warning" id={`${id}-warning`}>
            {warning}
          </Typography.Text>
        ) : undefined
      }
      style={{ marginBottom: isLabelHidden ? 0 : 12 }}
    >
      {children}
    </Form.Item>
  );
}

/**
 * What a control says of its {@link WizardField}'s warning while it has no error: the warning colour, and the
 * warning read after its label. Spread after `describedBy(id, error)`.
 */
export const warnedBy = (id: string, error: string | undefined, warning: string | undefined) =>
  error === undefined && warning !== undefined
    ? { status: 'warning' as const, 'aria-describedby': `${id}-warning` }
    : {};

/**
 * A read-only value of a wizard line under its label (a unit, price, salary or cost), level with the inputs. With
 * a message it is a {@link WizardField} like the inputs beside it; without one (nearly always) it is plain markup
 * styled as antd's vertical Form.Item (`.wizard-value` in index.css): a line's cost re-renders on each keystroke in
 * its line or its service's bonus, and a Form.Item is a dozen components (its row, two columns, the label, the
 * message list) and reads `offsetParent` while it renders, a forced layout per cost per key (docs/performance.md
 * "Phone").
 */
export function WizardValueField({
  id,
  label,
  error,
  isStrong = false,
  isLive = false,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  isStrong?: boolean;
  /** Read out when it changes (a cost that follows what is typed in the line). */
  isLive?: boolean;
  children: ReactNode;
}) {
  // A plain element, not antd's Typography.Text, which renders an ellipsis measurer and a resize observer around
  // every value; the theme's text colour comes from the item around it.
  const value = (
    <span id={id} className="wizard-value-text" aria-live={isLive ? 'polite' : undefined}>
      {isStrong ? <strong style={{ fontWeight: 600 }}>{children}</strong> : children}
    </span>
  );
  if (error !== undefined) {
    return (
      <WizardField id={id} label={label} error={error}>
        {value}
      </WizardField>
    );
  }
  return (
    <div className="wizard-value">
      <div className="wizard-value-label">{label}</div>
      <div className="wizard-value-control">{value}</div>
    </div>
  );
}

/** A number input of a wizard line in its {@link WizardField}, as wide as its cell. */
export function WizardNumberField({
  id,
  label,
  error,
  warning,
  value,
  precision = 0,
  step = 1,
  onChange,
}: {
  id: string;
  label: string;
  error: string | undefined;
  warning?: string | undefined;
  value: number | null;
  /** Decimal places shown when the input is left (see NumberInput); whole numbers unless told. */
  precision?: number;
  step?: number;
  onChange: (value: number | null) => void;
}) {
  return (
    <WizardField id={id} label={label} error={error} warning={warning}>
      <NumberInput
        {...describedBy(id, error)}
        {...warnedBy(id, error, warning)}
        value={value}
        precision={precision}
        step={step}
        style={{ width: '100%' }}
        onChange={onChange}
      />
    </WizardField>
  );
}
