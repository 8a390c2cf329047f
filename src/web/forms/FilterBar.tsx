// The filters above a list, one way on every screen: the fields side by side on their bottom edge, wrapping
// on a narrow screen; the list's text search kept in the URL, sent 300 ms after the last key press, trimmed
// (an empty search is no search).
import { useLingui } from '@lingui/react/macro'
import { Group, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import type { ReactNode } from 'react'

export function FilterBar({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap" data-testid={testId}>
      {children}
    </Group>
  )
}

export interface SearchFilterProps {
  /** The field's label; without one, the field is named "Search" and says what it finds in `placeholder`. */
  label?: ReactNode
  placeholder?: string
  leftSection?: ReactNode
  /** The search in the URL (the field starts from it). */
  value?: string
  /** The trimmed search, or undefined when the field is empty. */
  onSearch: (text: string | undefined) => void
  maxLength?: number
  w?: number | string
  maw?: number | string
  testId?: string
}

export function SearchFilter({
  label,
  placeholder,
  leftSection,
  value,
  onSearch,
  maxLength = 100,
  w = 300,
  maw = '100%',
  testId,
}: SearchFilterProps) {
  const { t } = useLingui()
  const send = useDebouncedCallback((text: string) => onSearch(text.trim() || undefined), 300)
  return (
    <TextInput
      label={label}
      aria-label={label ? undefined : t`Search`}
      placeholder={placeholder}
      leftSection={leftSection}
      defaultValue={value ?? ''}
      onChange={(e) => send(e.currentTarget.value)}
      maxLength={maxLength}
      w={w}
      maw={maw}
      data-testid={testId}
    />
  )
}
