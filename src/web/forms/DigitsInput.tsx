// A numeric field that accepts digits only (docs/architecture.md § Input rules), cut to its maximum length.
import { TextInput, type TextInputProps } from '@mantine/core'
import { sanitizeDigits } from './money'

export interface DigitsInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  value: string
  onChange: (value: string) => void
  maxLength?: number
}

export function DigitsInput({ value, onChange, maxLength, ...rest }: DigitsInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      maxLength={maxLength}
      value={value}
      onChange={(event) => onChange(sanitizeDigits(event.currentTarget.value, maxLength))}
    />
  )
}
