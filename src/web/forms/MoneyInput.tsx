// Money input (docs/architecture.md § Input rules): see money.ts for the rules. While focused it shows what is typed (no separators);
// on blur or Enter it commits: the value passed on is normalised without commas, the field shows
// separators and two decimals.
import { TextInput, type TextInputProps } from '@mantine/core'
import { useState } from 'react'
import { moneyText } from '../../shared/money-text'
import { commitMoney, sanitizeMoneyTyping } from './money'

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** The amount as a decimal string without commas ('' when empty). */
  value: string
  onChange: (value: string) => void
  /** A minus sign is accepted only where negatives are allowed. */
  allowNegative?: boolean
}

export function MoneyInput({
  value,
  onChange,
  allowNegative = false,
  onBlur,
  onFocus,
  onKeyDown,
  ...rest
}: MoneyInputProps) {
  const [editing, setEditing] = useState<string | null>(null)
  const commit = (typed: string) => {
    const committed = commitMoney(typed, allowNegative)
    setEditing(null)
    if (committed !== value) onChange(committed)
  }
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={editing ?? moneyText(value)}
      onFocus={(event) => {
        setEditing(value ? commitMoney(value, allowNegative) : '')
        onFocus?.(event)
      }}
      onChange={(event) => {
        const typed = sanitizeMoneyTyping(event.currentTarget.value, allowNegative)
        setEditing(typed)
        const partial = typed === '' || typed === '-' || typed === '.' || typed === '-.'
        onChange(partial ? '' : typed)
      }}
      onBlur={(event) => {
        commit(editing ?? value)
        onBlur?.(event)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(editing ?? value)
        onKeyDown?.(event)
      }}
    />
  )
}
