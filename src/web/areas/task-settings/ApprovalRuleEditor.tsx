// The approval rule of one money step: amount bands per currency — from, up to (empty: no upper end), how
// many different people approve, and the role one of them must hold — checked as the server checks them
// (bands follow on from 0.00 without overlap or gap). Saving makes a new version; the earlier versions are
// listed with when and by whom they were saved.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'
import { type ApprovalRuleRow, approvalRuleInput } from '../../../shared/contracts/tasks'
import { moneyText } from '../../../shared/money-text'
import {
  approvalRuleVersionsQuery,
  rolesQuery,
  saveApprovalRule,
  tasksAdminKeys,
} from '../../api/queries/tasks-admin'
import { FormRefusal } from '../../forms/FormRefusal'
import { MoneyInput } from '../../forms/MoneyInput'
import { showSuccess } from '../../forms/notify'
import { SubmitButton } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { formatDateTime } from '../../i18n/format'
import { useLang } from '../process/machine-words'
import { useDictOptions } from '../process/reference-options'

interface BandValues {
  currency: string
  from: string
  /** '' : no upper end. */
  to: string
  approvals: number | string
  roleKey: string | null
}

/** The form's values as the API takes them: an empty upper end is none. */
const ruleForm = z.preprocess((value) => {
  const v = value as { bands?: BandValues[] }
  return {
    bands: (v.bands ?? []).map((b) => ({
      currency: b.currency,
      from: b.from === '' ? '0.00' : b.from,
      to: b.to === '' ? null : b.to,
      approvals: b.approvals === '' ? undefined : Number(b.approvals),
      roleKey: b.roleKey || null,
    })),
  }
}, approvalRuleInput)

const toValues = (rule: ApprovalRuleRow): { bands: BandValues[] } => ({
  bands: rule.bands.map((b) => ({
    currency: b.currency,
    from: b.from,
    to: b.to ?? '',
    approvals: b.approvals,
    roleKey: b.roleKey ?? null,
  })),
})

export function ApprovalRuleEditor({ rule, canEdit }: { rule: ApprovalRuleRow; canEdit: boolean }) {
  const { t } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const [showVersions, setShowVersions] = useState(false)
  const currencies = useDictOptions('CURRENCY')
  const roles = useQuery({ ...rolesQuery(), enabled: canEdit })
  const roleOptions = (roles.data?.list ?? []).map((r) => ({ value: r.key, label: r.name }))
  const versions = useQuery({ ...approvalRuleVersionsQuery(rule.type, rule.step), enabled: showVersions })
  const form = useForm({ schema: ruleForm, initialValues: toValues(rule) })
  const submit = form.onSubmit(async (data) => {
    const saved = await saveApprovalRule(rule.type, rule.step, data)
    showSuccess(t`Saved as version ${saved.version}`)
    await queryClient.invalidateQueries({ queryKey: tasksAdminKeys.settings() })
    await queryClient.invalidateQueries({ queryKey: tasksAdminKeys.versions(rule.type, rule.step) })
  })
  const currencyLabel = (code: string) => currencies.find((c) => c.value === code)?.label ?? code
  const bands = form.values.bands
  const setBands = (next: BandValues[]) => form.setFieldValue('bands', next)
  return (
    <Card withBorder radius="md" padding="md" data-testid="approval-rule" data-step={rule.step}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="lg">
          <Trans>Approval rule: {rule.stepLabel}</Trans>
        </Title>
        <Badge variant="light" radius="sm" data-testid="approval-rule-version">
          {rule.version === 0 ? t`Defaults from the configuration` : t`Version ${rule.version}`}
        </Badge>
      </Group>
      {rule.version > 0 && rule.createdAt ? (
        <Text fz="sm" c="dimmed" mb="sm">
          <Trans>
            Saved {formatDateTime(rule.createdAt, lang)} by {rule.createdByName ?? ''}
          </Trans>
        </Text>
      ) : null}
      <form onSubmit={submit} noValidate data-testid="approval-rule-form">
        <Stack gap="sm">
          <FormRefusal form={form} />
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Currency</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Above</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Up to (empty: no limit)</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Approvers</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>One of them holds the role</Trans>
                  </Table.Th>
                  {canEdit ? (
                    <Table.Th>
                      <Trans>Remove</Trans>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bands.map((band, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: bands have no identity of their own
                  <Table.Tr key={i} data-testid="approval-band">
                    <Table.Td>
                      <Select
                        aria-label={t`Currency`}
                        data={
                          currencies.some((c) => c.value === band.currency) || !band.currency
                            ? currencies
                            : [...currencies, { value: band.currency, label: currencyLabel(band.currency) }]
                        }
                        value={band.currency || null}
                        onChange={(v) => form.setFieldValue(`bands.${i}.currency`, v ?? '')}
                        error={form.errors[`bands.${i}.currency`]}
                        disabled={!canEdit}
                        searchable
                        w={170}
                      />
                    </Table.Td>
                    <Table.Td>
                      <MoneyInput
                        aria-label={t`Above`}
                        value={band.from}
                        onChange={(v) => form.setFieldValue(`bands.${i}.from`, v)}
                        error={form.errors[`bands.${i}.from`]}
                        disabled={!canEdit}
                        data-testid="band-from"
                      />
                    </Table.Td>
                    <Table.Td>
                      <MoneyInput
                        aria-label={t`Up to (empty: no limit)`}
                        value={band.to}
                        onChange={(v) => form.setFieldValue(`bands.${i}.to`, v)}
                        error={form.errors[`bands.${i}.to`]}
                        disabled={!canEdit}
                        data-testid="band-to"
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t`Approvers`}
                        value={band.approvals}
                        min={1}
                        max={10}
                        allowDecimal={false}
                        clampBehavior="none"
                        onChange={(v) =>
                          form.setFieldValue(`bands.${i}.approvals`, v === '' ? '' : Number(v))
                        }
                        error={form.errors[`bands.${i}.approvals`]}
                        disabled={!canEdit}
                        w={110}
                        data-testid="band-approvals"
                      />
                    </Table.Td>
                    <Table.Td>
                      {canEdit ? (
                        <Select
                          aria-label={t`One of them holds the role`}
                          placeholder={t`Any`}
                          data={roleOptions}
                          value={band.roleKey}
                          onChange={(v) => form.setFieldValue(`bands.${i}.roleKey`, v)}
                          error={form.errors[`bands.${i}.roleKey`]}
                          clearable
                          w={180}
                        />
                      ) : (
                        <Text fz="sm">{rule.roleNames[i] ?? t`Any`}</Text>
                      )}
                    </Table.Td>
                    {canEdit ? (
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          disabled={bands.length <= 1}
                          onClick={() => setBands(bands.filter((_, j) => j !== i))}
                        >
                          <Trans>Remove</Trans>
                        </Button>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {form.errors.bands ? (
            <Text c="red" fz="sm">
              {form.errors.bands}
            </Text>
          ) : null}
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              {canEdit ? (
                <Button
                  variant="light"
                  size="sm"
                  onClick={() => {
                    const last = bands[bands.length - 1]
                    setBands([
                      ...bands,
                      {
                        currency: last?.currency ?? 'CNY',
                        from: last?.to ?? '',
                        to: '',
                        approvals: 1,
                        roleKey: null,
                      },
                    ])
                  }}
                  data-testid="approval-band-add"
                >
                  <Trans>Add a band</Trans>
                </Button>
              ) : null}
              <Button variant="subtle" size="sm" onClick={() => setShowVersions((v) => !v)}>
                {showVersions ? <Trans>Hide earlier versions</Trans> : <Trans>Earlier versions</Trans>}
              </Button>
            </Group>
            {canEdit ? (
              <SubmitButton form={form}>
                <Trans>Save as a new version</Trans>
              </SubmitButton>
            ) : null}
          </Group>
        </Stack>
      </form>
      <Collapse expanded={showVersions}>
        <Stack gap={4} mt="sm" data-testid="approval-rule-versions">
          {versions.data?.length === 0 ? (
            <Text fz="sm" c="dimmed">
              <Trans>No version has been saved yet: the defaults from the configuration apply.</Trans>
            </Text>
          ) : null}
          {(versions.data ?? []).map((v) => (
            <Text key={v.version} fz="sm">
              <Trans>
                Version {v.version}, saved {formatDateTime(v.createdAt, lang)} by {v.createdByName ?? ''}:
              </Trans>{' '}
              {v.bands
                .map(
                  (b, i) =>
                    `${currencyLabel(b.currency)} ${moneyText(b.from)}–${b.to ? moneyText(b.to) : '∞'} × ${b.approvals}${v.roleNames[i] ? ` (${v.roleNames[i]})` : ''}`,
                )
                .join(lang === 'en' ? '; ' : '；')}
            </Text>
          ))}
        </Stack>
      </Collapse>
    </Card>
  )
}
