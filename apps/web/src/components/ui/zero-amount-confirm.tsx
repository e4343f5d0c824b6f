import { Alert, Checkbox } from 'antd';

/**
 * A price or a salary of 0 is allowed, but it makes that cost 0 in every calculation (issue 13 "Data quality"),
 * so a form saves it only after the user ticks this box under the field.
 */
export function ZeroAmountConfirm({
  id,
  warning,
  isConfirmed,
  onConfirmedChange,
}: {
  id: string;
  /** What a 0 here means, in a sentence. */
  warning: string;
  isConfirmed: boolean;
  onConfirmedChange: (isConfirmed: boolean) => void;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={warning}
      description={
        <Checkbox
          id={id}
          checked={isConfirmed}
          onChange={(event) => onConfirmedChange(event.target.checked)}
        >
          Так, зберегти 0 грн
        </Checkbox>
      }
    />
  );
}
