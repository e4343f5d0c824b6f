import { InputNumber, type GetRef, type InputNumberProps } from 'antd';
import { useCallback, type Ref } from 'react';

import { formatNumberInput, parseNumberInput } from '@/utils/format';

export type NumberInputProps = Omit<
  InputNumberProps<number>,
  'formatter' | 'parser' | 'decimalSeparator' | 'precision' | 'stringMode' | 'min' | 'max'
> & {
  /**
   * Decimal places shown when the input is left: 2 (kopecks) for money, the default; 0 for counts. Only the
   * display: a value with more places shows them all, it is never rounded.
   */
  precision?: number;
  ref?: Ref<GetRef<typeof InputNumber>>;
};

/**
 * The parser's answer goes to the input's own decimal reader, which takes decimal strings as well as numbers
 * (antd types it as the value type). A string keeps an emptied input ('', reported as null) apart from 0.
 */
const parser = parseNumberInput as unknown as (text: string | undefined) => number;

/**
 * A number input in uk-UA style, the same as amounts are shown everywhere (`formatMoney`): thousands grouped
 * with a no-break space and a decimal comma (`24 000,00`). It accepts what people type (`1 000,5`,
 * `1000.5`) and leaves the text alone while they type, so the caret never jumps; the grouping appears when
 * the input is left or its value is set from outside.
 *
 * It never changes what was typed: antd's `min`/`max`/`precision` would clamp `-100` to 0 or round `12,345`
 * to 12,35 on blur and report that as the value, which then got saved as if the user had typed it. So they
 * are not passed on; the value stays as typed and the domain schema (or the server's 422) shows the error.
 */
export function NumberInput({ precision = 2, ...props }: NumberInputProps) {
  // antd re-formats the whole text whenever the formatter changes identity, so it is kept stable.
  const formatter = useCallback(
    (value: number | undefined, { userTyping, input }: { userTyping: boolean; input: string }) =>
      userTyping ? input : formatNumberInput(value, precision),
    [precision],
  );
  return <InputNumber<number> {...props} formatter={formatter} parser={parser} />;
}
