// 中文 / English on the sign-in pages: two buttons, no popover, so the JavaScript sent before sign-in stays
// small. Switching re-renders in place (no reload).
import { useLingui } from '@lingui/react/macro'
import { Group, UnstyledButton } from '@mantine/core'
import { LANGUAGE_OPTIONS } from '../i18n/i18n'
import { useLanguage } from '../i18n/use-language'
import { IconGlobe } from './icons'

/** The sign-in pages' switch: both languages side by side, the one shown in bold. */
export function LanguageToggle() {
  const { lang, setLanguage } = useLanguage()
  const { t } = useLingui()
  return (
    <Group gap={4} role="group" aria-label={t`Language`} data-testid="language-toggle">
      <IconGlobe size={16} color="var(--mantine-color-gray-6)" />
      {LANGUAGE_OPTIONS.map((option, i) => (
        <Group key={option.value} gap={4}>
          {i > 0 ? (
            <span aria-hidden="true" style={{ color: 'var(--mantine-color-gray-4)' }}>
              |
            </span>
          ) : null}
          <UnstyledButton
            lang={option.value}
            aria-pressed={option.value === lang}
            onClick={() => void setLanguage(option.value)}
            data-testid={`language-${option.value}`}
            fz="sm"
            fw={option.value === lang ? 600 : 400}
            c={option.value === lang ? 'dark.7' : 'dimmed'}
          >
            {option.label}
          </UnstyledButton>
        </Group>
      ))}
    </Group>
  )
}
