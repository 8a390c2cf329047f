// 中文 / English in the header, as a menu. Switching re-renders in place (no reload).
import { useLingui } from '@lingui/react/macro'
import { Button, Menu } from '@mantine/core'
import { LANGUAGE_OPTIONS } from '../i18n/i18n'
import { useLanguage } from '../i18n/use-language'
import { IconCheck, IconGlobe } from './icons'

export function LanguageSwitch({ variant = 'subtle' }: { variant?: 'subtle' | 'default' }) {
  const { lang, setLanguage } = useLanguage()
  const { t } = useLingui()
  const current = LANGUAGE_OPTIONS.find((o) => o.value === lang) ?? LANGUAGE_OPTIONS[0]
  return (
    <Menu position="bottom-end" width={160} shadow="md">
      <Menu.Target>
        <Button
          variant={variant}
          color="gray"
          size="compact-sm"
          leftSection={<IconGlobe size={16} />}
          // The name starts with what the button shows (WCAG 2.5.3), then says what it is for.
          aria-label={`${current.label} · ${t`Language`}`}
          data-testid="language-switch"
        >
          {current.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGE_OPTIONS.map((option) => (
          <Menu.Item
            key={option.value}
            lang={option.value}
            data-testid={`language-${option.value}`}
            rightSection={option.value === lang ? <IconCheck size={14} /> : null}
            onClick={() => void setLanguage(option.value)}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
