import { Alert, Button } from 'antd';

import { COMPANY_INFO_LABELS } from '@/components/company-info/company-info-fields';

import type { OrderDraft } from '../stores/order-draft';
import { describeErrorPath } from '../utils/describe-error-path';
import { stepOfErrorPath, type FieldErrors, type WizardStep } from '../utils/error-paths';

const institutionLabel = (field: string) =>
  Object.hasOwn(COMPANY_INFO_LABELS, field)
    ? COMPANY_INFO_LABELS[field as keyof typeof COMPANY_INFO_LABELS]
    : undefined;

/** The server's messages of the last save/calculate (a 422), each with a link to its step. */
export function ServerErrors({
  fieldErrors,
  draft,
  step,
  onOpen,
}: {
  fieldErrors: FieldErrors;
  draft: OrderDraft;
  step: WizardStep;
  onOpen: (step: WizardStep) => void;
}) {
  const entries = Object.entries(fieldErrors);
  if (entries.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      title="Сервер не прийняв дані: виправте позначені поля."
      description={
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {entries.map(([path, message]) => {
            const target = stepOfErrorPath(path);
            return (
              <li key={path}>
                {describeErrorPath(path, draft, institutionLabel)}: {message}
                {target !== null && target !== step ? (
                  <Button type="link" size="small" onClick={() => onOpen(target)}>
                    Крок {target}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
