import { parseDecimal } from '@medcalc/domain';
import { InputNumber, type GetRef, type InputNumberProps } from 'antd';
import { useCallback, useRef, useState, type Ref } from 'react';

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
  /**
   * Called with the text when what is typed is no number (`12abc`), and the input keeps that text, also when it
   * is left, so the owner can say «Введіть число» (issue 13) rather than the letters vanishing. Without it the
   * input shows the error colour while such text is there and puts its last number back when left.
   */
  onInvalidText?: (text: string) => void;
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
export function NumberInput({
  precision = 2,
  onInvalidText,
  onInput,
  status,
  ...props
}: NumberInputProps) {
  // What was typed while it is no number; the formatter shows it instead of the value.
  const invalidText = useRef<string | undefined>(undefined);
  const [isInvalid, setIsInvalid] = useState(false);
  // A number set from outside (a reset, a reload) replaces text that was no number.
  const [seenValue, setSeenValue] = useState(props.value);
  if (props.value !== seenValue) {
    setSeenValue(props.value);
    if (typeof props.value === 'number' && isInvalid) setIsInvalid(false);
  }
  const keepsText = onInvalidText !== undefined && isInvalid;

  // antd re-formats the whole text whenever the formatter changes identity, so it is kept stable: by hand, not left
  // to the React Compiler, whose memoisation is an optimisation it may skip, while this identity is behaviour.
  const formatter = useCallback(
    (value: number | undefined, { userTyping, input }: { userTyping: boolean; input: string }) => {
      if (userTyping) return input;
      if (keepsText && invalidText.current !== undefined) return invalidText.current;
      return formatNumberInput(value, precision);
    },
    [precision, keepsText],
  );

  const onTextInput = (text: string) => {
    onInput?.(text);
    // `12,` and a lone minus are numbers on their way, not mistakes.
    const candidate = parseNumberInput(text).replace(/\.$/, '');
    const isNumberText =
      candidate === '' || candidate === '-' || parseDecimal(candidate) !== undefined;
    invalidText.current = isNumberText ? undefined : text;
    setIsInvalid(!isNumberText);
    if (!isNumberText) onInvalidText?.(text);
  };

  return (
    <InputNumber<number>
      // A phone opens its numeric keyboard with a decimal separator (issue 33): money, minutes, percent, quantity.
      inputMode="decimal"
      {...props}
      status={isInvalid ? 'error' : status}
      onInput={onTextInput}
      onBlur={(event) => {
        // Without an owner to explain it, the input puts its number back, as before; the error colour goes too.
        if (onInvalidText === undefined) setIsInvalid(false);
        props.onBlur?.(event);
      }}
      formatter={formatter}
      parser={parser}
    />
  );
}
