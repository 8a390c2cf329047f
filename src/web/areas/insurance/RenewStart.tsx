// /devOpsManage/resumeInsurance with the policy to renew chosen (`?policyId=`, from the renewals due or a
// policy's screen): the policy's facts above the start form, its artworks (those still on it) chosen and the
// cover being renewed (`previousProcessId`) given; without a policy, the plain start screen.
import { Trans } from '@lingui/react/macro'
import { Alert, Group, Skeleton, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { moneyText } from '../../../shared/money-text'
import { policyQuery } from '../../api/queries/insurance'
import { formatDate } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { useLang } from '../process/machine-words'
import { StartScreen } from '../process-start/StartScreen'
import type { StartSearch } from '../process-start/start-search'
import { StandingBadge } from './parts'

export function RenewStart({ search, description }: { search: StartSearch; description: ReactNode }) {
  const lang = useLang()
  const policy = useQuery({
    // Its schedule's first 200 artworks (the most a start carries), those on the policy first.
    ...policyQuery(search.policyId ?? '', 1, 200),
    enabled: !!search.policyId,
  })
  const previousProcessId = policy.data?.process?.id ?? search.previousProcessId
  if (search.policyId && policy.isPending)
    return (
      <>
        <PageHeader description={description} />
        <Skeleton h={320} radius="md" />
      </>
    )
  const p = policy.data
  const artworkIds = p
    ? p.artworks.filter((a) => !a.removedOn).map((a) => a.artwork.id)
    : (search.artworkIds ?? [])
  const onPolicy = (p?.artworks ?? []).filter((a) => !a.removedOn)
  const artworkLabels = Object.fromEntries(
    onPolicy.map(({ artwork: a }) => [
      a.id,
      `${(lang === 'en' ? a.titleEn || a.titleZh : a.titleZh || a.titleEn) || a.inventoryNo} · ${a.inventoryNo}`,
    ]),
  )
  return (
    <StartScreen
      type="INSURANCE_RENEWAL"
      artworkId={search.artworkId}
      artworkIds={artworkIds}
      artworkLabels={artworkLabels}
      input={previousProcessId ? { previousProcessId } : undefined}
      description={description}
      above={
        p ? (
          <Alert variant="light" color="blue" mb="md" data-testid="renewing-policy">
            <Group gap="xs" wrap="wrap">
              <Text fz="sm" fw={600}>
                <Trans>Renewing {p.policyNo || p.insurer}</Trans>
              </Text>
              <Text fz="sm">
                {[
                  p.insurer,
                  `${formatDate(p.startDate, lang)} – ${formatDate(p.endDate, lang)}`,
                  moneyText(p.insuredAmount, p.currency) || '—',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <StandingBadge standing={p.standing} />
            </Group>
          </Alert>
        ) : null
      }
    />
  )
}
