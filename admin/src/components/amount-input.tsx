import { NumberInput, type NumberInputProps } from '@mantine/core';
import { minorDigits } from '../lib/format';

/** An amount of money to move, typed in the currency's major units (`Amount (USD)`), focused when its dialog opens. */
export function AmountInput({ currency, ...props }: { currency: string } & NumberInputProps) {
  return (
    <NumberInput
      label={`Amount (${currency})`}
      decimalScale={minorDigits(currency)}
      fixedDecimalScale
      min={0}
      clampBehavior="none"
      allowNegative={false}
      hideControls
      data-autofocus
      {...props}
    />
  );
}
