import { Form } from 'antd';
import type { ReactNode } from 'react';

/**
 * A labelled control of a wizard line with its message under it: the domain schema's message for what is typed
 * now, or else the server's message from the last save or calculate (spec §5). `id` ties the label to the
 * control and must be unique on the page.
 */
export function WizardField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
      style={{ marginBottom: 12 }}
    >
      {children}
    </Form.Item>
  );
}

/** The props that tie a control to its {@link WizardField}'s message for screen readers. */
export const describedBy = (id: string, error: string | undefined) => ({
  id,
  status: error ? ('error' as const) : undefined,
  'aria-invalid': error !== undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});
