// The artwork form's exhibitions, auctions, provenance and literature: a tab per list, each tab showing how
// many entries it has, or "!" when one of them needs attention.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Tabs } from '@mantine/core'
import { RECORD_KINDS, type RecordKind } from '../../../../shared/artwork-rules'
import { RECORD_LIST_LABELS } from '../archive-labels'
import { FormSection } from './FormSection'
import type { ArtworkFormValues } from './form-values'
import { type EditableEntry, RecordListEditor } from './RecordListEditor'

type Options = { value: string; label: string }[]

export function RecordsSection({
  values,
  errors,
  tab,
  onTab,
  onChange,
  currencies,
  literatureTypes,
  disabled,
}: {
  values: ArtworkFormValues
  errors: Record<string, string>
  tab: RecordKind
  onTab: (kind: RecordKind) => void
  onChange: (kind: RecordKind, list: EditableEntry[]) => void
  currencies: Options
  literatureTypes: Options
  disabled: boolean
}) {
  const { i18n } = useLingui()
  return (
    <FormSection
      id="records"
      title={<Trans>Exhibitions, auctions, provenance and literature</Trans>}
      description={
        <Trans>Dates as yyyy, yyyy-MM or yyyy-MM-dd: provenance is often known only to the year.</Trans>
      }
    >
      <Tabs value={tab} onChange={(x) => x && onTab(x as RecordKind)} variant="pills" radius="md">
        <Tabs.List mb="sm">
          {RECORD_KINDS.map((kind) => {
            const count = values[kind].length
            const bad = Object.keys(errors).some((k) => k.startsWith(`${kind}.`) || k === kind)
            return (
              <Tabs.Tab
                key={kind}
                value={kind}
                rightSection={
                  count > 0 || bad ? (
                    <Badge size="xs" circle color={bad ? 'red' : 'gray'} variant={bad ? 'filled' : 'light'}>
                      {bad ? '!' : count}
                    </Badge>
                  ) : null
                }
                data-testid={`records-tab-${kind}`}
              >
                {i18n._(RECORD_LIST_LABELS[kind])}
              </Tabs.Tab>
            )
          })}
        </Tabs.List>
        {RECORD_KINDS.map((kind) => (
          <Tabs.Panel key={kind} value={kind}>
            <RecordListEditor
              kind={kind}
              value={values[kind] as EditableEntry[]}
              onChange={(list) => onChange(kind, list)}
              errors={errors}
              currencies={currencies}
              literatureTypes={literatureTypes}
              disabled={disabled}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </FormSection>
  )
}
