// The form kit's text, money and number inputs, saying at the field why a key press was refused: a letter
// in a number or an amount, text beyond the field's limit (the kit drops such input; this tells the person,
// in the shared catalogue's words, until the next accepted key press).
import { useState } from 'react'
import { formatMessage, type MessageKey } from '../../../shared/errors'
import { DigitsInput, type DigitsInputProps } from '../../forms/DigitsInput'
import { MoneyInput, type MoneyInputProps } from '../../forms/MoneyInput'
import { TextAreaField, type TextAreaFieldProps, TextField, type TextFieldProps } from '../../forms/TextField'
import { useLang } from './machine-words'

function useRefusal() {
  const lang = useLang()
  const [refusal, setRefusal] = useState<string | null>(null)
  return {
    refusal,
    refuse: (key: MessageKey | null, params?: Record<string, number>) =>
      setRefusal(key ? formatMessage(key, lang, params) : null),
  }
}

type InputEvent = React.FormEvent<HTMLInputElement | HTMLTextAreaElement>
const rawOf = (event: InputEvent) => event.currentTarget.value

export function GuardedText({ maxLength, error, ...rest }: TextFieldProps) {
  const { refusal, refuse } = useRefusal()
  return (
    <TextField
      {...rest}
      maxLength={maxLength}
      error={refusal ?? error}
      onInput={(e: InputEvent) =>
        refuse(maxLength !== undefined && [...rawOf(e)].length > maxLength ? 'tooLong' : null, {
          max: maxLength ?? 0,
        })
      }
    />
  )
}

export function GuardedTextArea({ maxLength, error, ...rest }: TextAreaFieldProps) {
  const { refusal, refuse } = useRefusal()
  return (
    <TextAreaField
      {...rest}
      maxLength={maxLength}
      error={refusal ?? error}
      onInput={(e: InputEvent) =>
        refuse(maxLength !== undefined && [...rawOf(e)].length > maxLength ? 'tooLong' : null, {
          max: maxLength ?? 0,
        })
      }
    />
  )
}

export function GuardedMoney({ error, ...rest }: MoneyInputProps) {
  const { refusal, refuse } = useRefusal()
  return (
    <MoneyInput
      {...rest}
      error={refusal ?? error}
      onInput={(e: InputEvent) => {
        const raw = rawOf(e).replace(/[,，\s]/g, '')
        refuse(/^\d*\.?\d{0,2}$/.test(raw) ? null : 'invalidMoney')
      }}
    />
  )
}

export function GuardedDigits({ error, ...rest }: DigitsInputProps) {
  const { refusal, refuse } = useRefusal()
  return (
    <DigitsInput
      {...rest}
      error={refusal ?? error}
      onInput={(e: InputEvent) => refuse(/^\d*$/.test(rawOf(e)) ? null : 'digitsOnly')}
    />
  )
}
