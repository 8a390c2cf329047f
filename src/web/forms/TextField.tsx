// Text with a maximum length (docs/architecture.md § Input rules: over-long input is rejected): typing and pasting stop at the limit,
// counted in characters, and the count shows once the field is more than 80 % full.
import { Text, Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core'
import { clampLength, lengthOf } from './money'

function Counter({ value, maxLength }: { value: string; maxLength?: number }) {
  if (maxLength === undefined || lengthOf(value) < maxLength * 0.8) return null
  return (
    <Text fz="xs" c={lengthOf(value) >= maxLength ? 'red.7' : 'dimmed'} data-testid="length-counter">
      {lengthOf(value)}/{maxLength}
    </Text>
  )
}

export interface TextFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  value: string
  onChange: (value: string) => void
  maxLength?: number
}

export function TextField({ value, onChange, maxLength, ...rest }: TextFieldProps) {
  return (
    <TextInput
      {...rest}
      value={value}
      rightSection={<Counter value={value} maxLength={maxLength} />}
      rightSectionWidth={56}
      onChange={(event) => onChange(clampLength(event.currentTarget.value, maxLength))}
    />
  )
}

export interface TextAreaFieldProps extends Omit<TextareaProps, 'value' | 'onChange' | 'defaultValue'> {
  value: string
  onChange: (value: string) => void
  maxLength?: number
}

export function TextAreaField({ value, onChange, maxLength, description, ...rest }: TextAreaFieldProps) {
  return (
    <Textarea
      autosize
      minRows={3}
      {...rest}
      description={description}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      value={value}
      onChange={(event) => onChange(clampLength(event.currentTarget.value, maxLength))}
      rightSection={<Counter value={value} maxLength={maxLength} />}
      rightSectionWidth={56}
    />
  )
}
