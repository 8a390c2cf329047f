// The one view of a process, for every process type: a header (type, subject artworks, status, current
// step, who started it, the buttons this user may press now, the processes it follows and is followed by
// and the follow-ups to start, from the server's `links`), the step timeline, and three tabs — the
// steps (the current step's form or each step's record), the history, and the machine's diagram with the
// current state highlighted (Mermaid, loaded only when that tab opens).
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  EmptyState,
  Group,
  Loader,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { ProcessDefinition } from '../../../../machines/types'
import { holds } from '../../../shared/access'
import type { ProcessLink, ProcessView as View } from '../../../shared/contracts/process'
import type { InboxView } from '../../../shared/contracts/tasks'
import { MIGRATE_PRIVILEGE } from '../../../shared/privileges'
import { isApiError } from '../../api/api-error'
import { processAtQuery, processQuery } from '../../api/queries/process'
import { taskKeys } from '../../api/queries/tasks'
import { formatDateTime } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { IconRoute } from '../../shell/icons'
import { DiagramDue, ProcessTasksPanel } from '../inbox/ProcessTasksPanel'
import { PayCostButton } from '../payment-requests/PayCostButton'
import { StartProcess } from '../process-start/StartProcess'
import { AnchorLink } from './AnchorLink'
import { EventActions } from './EventActions'
import { HistoryScrubber } from './HistoryScrubber'
import { HistoryTab } from './HistoryTab'
import {
  definitionFor,
  graphOf,
  leafLabel,
  statusLabel,
  stepLabel,
  typeLabel,
  useLang,
} from './machine-words'
import { PROCESS_TABS, type ProcessTab } from './process-search'
import { subjectOf } from './process-subject'
import { usersQuery } from './reference-queries'
import { STATUS_COLORS, StatusBadge } from './StatusBadge'
import { namesOf, StepPanel } from './StepPanel'
import { StepTimeline } from './StepTimeline'
import { useProcessEvent } from './use-process-event'

const MachineDiagram = lazy(() => import('../flows/MachineDiagram'))

const TAB_LABELS = { steps: msg`Steps`, history: msg`History`, diagram: msg`Diagram` }

/** Where a process of a type opens (its own list screen where it has one, else the process screen). */
const VIEW_ROUTE: Partial<Record<View['type'], string>> = { BUY_ART_TRANS: '/devOpsManage/buyShipping' }

/**
 * The processes this one follows and is followed by, and the follow-ups that may be started from it now:
 * all from the server's `links` (the machines' followUps), none decided here.
 */
function Links({ view }: { view: View }) {
  const { t } = useLingui()
  const lang = useLang()
  const navigate = useNavigate()
  const [starting, setStarting] = useState<NonNullable<View['links']>['mayStart'][number] | null>(null)
  const links = view.links
  if (!links || links.follows.length + links.followedBy.length + links.mayStart.length === 0) return null
  const linkTo = (l: ProcessLink, testId: string) => (
    <AnchorLink
      key={l.id}
      to={VIEW_ROUTE[l.type] ?? '/devOpsManage/index'}
      search={{ process: l.id }}
      fz="sm"
      data-testid={testId}
    >
      {typeLabel(l.type, lang)} · {statusLabel(l.status, lang)}
    </AnchorLink>
  )
  return (
    <Group gap="md" wrap="wrap" data-testid="process-links">
      {links.follows.length > 0 ? (
        <Group gap={6}>
          <Text fz="sm" c="dimmed">
            {t`Follows`}:
          </Text>
          {links.follows.map((l) => linkTo(l, `follows-${l.type}`))}
        </Group>
      ) : null}
      {links.followedBy.length > 0 ? (
        <Group gap={6}>
          <Text fz="sm" c="dimmed">
            {t`Followed by`}:
          </Text>
          {links.followedBy.map((l) => linkTo(l, `followed-by-${l.type}`))}
        </Group>
      ) : null}
      {links.mayStart.map((m) =>
        m.type === 'FINANCE_PAYMENT' ? (
          // An operation's cost: its payment request starts in one click, prefilled.
          <PayCostButton key={`${m.type}-${String(m.input.forStep)}`} view={view} offer={m} />
        ) : (
          <Button
            key={m.type}
            size="compact-sm"
            variant="light"
            onClick={() => setStarting(m)}
            data-testid={`start-follow-up-${m.type}`}
          >
            {t`Start: ${typeLabel(m.type, lang)}`}
          </Button>
        ),
      )}
      <Drawer
        opened={starting !== null}
        onClose={() => setStarting(null)}
        position="right"
        size="xl"
        title={starting ? typeLabel(starting.type, lang) : ''}
      >
        {starting ? (
          <StartProcess
            type={starting.type}
            input={starting.input}
            onCancel={() => setStarting(null)}
            onStarted={(started) => {
              setStarting(null)
              void navigate({ to: '/devOpsManage/index', search: { process: started.id } })
            }}
          />
        ) : null}
      </Drawer>
    </Group>
  )
}

function Header({
  view,
  definition,
  events,
}: {
  view: View
  definition: ProcessDefinition
  events: ReturnType<typeof useProcessEvent>
}) {
  const { t } = useLingui()
  const lang = useLang()
  const subject = subjectOf(view, lang)
  const nameOf = namesOf(view)
  const terminated = view.context.terminated
  const version = view.definitionVersion
  // Only administrators can act on the version (move a process to another), so only they are told it.
  const mayMigrate = holds(useMe(), MIGRATE_PRIVILEGE)
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="process-header"
      data-state={view.state}
      data-version={view.version}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="outline" color="gray" radius="sm" leftSection={<IconRoute size={12} />}>
              <span data-testid="process-type">{typeLabel(view.type, lang)}</span>
            </Badge>
            {mayMigrate ? (
              <Badge
                variant="light"
                color="gray"
                radius="sm"
                style={{ textTransform: 'none' }}
                title={t`The version of the process definition this process follows: it finishes on the version it started with unless an administrator moves it`}
                data-testid="process-definition-version"
              >
                {t`Process definition version ${version}`}
              </Badge>
            ) : null}
            <StatusBadge status={view.status} size="lg" data-testid="process-status" />
          </Group>
          <Title order={1} fz={20} lh={1.35} data-testid="process-title">
            {subject.length > 0
              ? subject.map((s) => s.title).join(lang === 'en' ? ', ' : '、')
              : typeLabel(view.type, lang)}
          </Title>
          {subject.some((s) => s.inventoryNo) ? (
            <Text fz="xs" c="dimmed">
              {subject
                .filter((s) => s.inventoryNo)
                .map((s) => s.inventoryNo)
                .join(' · ')}
            </Text>
          ) : null}
          {view.artworks.some((a) => a.pledgedTo) ? (
            <Group gap={6} wrap="wrap" data-testid="process-pledges">
              {view.artworks
                .filter((a) => a.pledgedTo)
                .map(({ id, inventoryNo, pledgedTo: lender }) => (
                  <Badge key={id} color="red" variant="light" radius="sm" style={{ textTransform: 'none' }}>
                    {view.artworks.length > 1
                      ? t`${inventoryNo} pledged to ${lender}`
                      : t`Pledged to ${lender}`}
                  </Badge>
                ))}
            </Group>
          ) : null}
          <Group gap="lg" mt={4} wrap="wrap">
            <Text fz="sm">
              <Text span c="dimmed" fz="sm">
                {t`Current step`}:{' '}
              </Text>
              <span data-testid="process-step">
                {view.currentStep
                  ? `${stepLabel(definition, view.currentStep, lang)} · ${leafLabel(definition, view.state, lang)}`
                  : leafLabel(definition, view.state, lang)}
              </span>
            </Text>
            <Text fz="sm" c="dimmed">
              <Trans>
                Started by {view.createdByName} on {formatDateTime(view.createdAt, lang)}
              </Trans>
            </Text>
            <Text fz="sm" c="dimmed">
              <Trans>Last change {formatDateTime(view.updatedAt, lang)}</Trans>
            </Text>
          </Group>
        </Stack>
        <EventActions view={view} definition={definition} events={events} />
      </Group>
      {view.status === 'terminated' && terminated ? (
        <Alert color="dark" variant="light" mt="md" title={t`Terminated`} data-testid="terminated-note">
          <Text fz="sm">{terminated.reason}</Text>
          {/* The alert's own colour, not dimmed: dimmed grey on the dark alert's tint falls below 4.5:1. */}
          <Text fz="xs" mt={4}>
            {nameOf(terminated.by)} · {formatDateTime(terminated.at, lang)}
          </Text>
        </Alert>
      ) : null}
      {view.done ? (
        // Titled with the process's own outcome, as its badge says it (a stocktake closed with artworks
        // still missing ended "uncompleted", never "completed").
        <Alert
          color={STATUS_COLORS[view.status]}
          variant="light"
          mt="md"
          title={statusLabel(view.status, lang)}
          data-testid="completed-note"
          data-status={view.status}
        >
          <Group gap="md">
            <Text fz="sm">
              <Trans>Finished on {formatDateTime(view.finishedAt, lang)}.</Trans>
            </Text>
          </Group>
        </Alert>
      ) : null}
      <Group mt="sm">
        <Links view={view} />
      </Group>
    </Card>
  )
}

/** The delegator's name: from the history's people, the inbox already read, or the list of users. */
function useDelegatorName(view: View, onBehalfOf?: string): string {
  const queryClient = useQueryClient()
  const known = onBehalfOf ? view.people[onBehalfOf] : undefined
  const fromInbox = onBehalfOf
    ? queryClient
        .getQueriesData<InboxView>({ queryKey: taskKeys.inboxes() })
        .flatMap(([, data]) => data?.list ?? [])
        .find((task) => task.onBehalfOf === onBehalfOf)?.onBehalfOfName
    : undefined
  const users = useQuery({ ...usersQuery(), enabled: Boolean(onBehalfOf && !known && !fromInbox) })
  if (!onBehalfOf) return ''
  const listed = users.data?.find((u) => u.id === onBehalfOf)
  return known ?? fromInbox ?? listed?.displayName ?? listed?.username ?? ''
}

function Loaded({
  view: now,
  tab,
  onTab,
  onBehalfOf,
}: {
  view: View
  tab: ProcessTab
  onTab: (tab: ProcessTab) => void
  onBehalfOf?: string
}) {
  const { i18n } = useLingui()
  const lang = useLang()
  // Looking back: the process as it was after event `asOf` (read-only), or null for now.
  const [asOf, setAsOf] = useState<number | null>(null)
  const past = useQuery({ ...processAtQuery(now.id, asOf ?? 1), enabled: asOf !== null })
  const pastView = asOf !== null && past.data?.replay.seq === asOf ? past.data : undefined
  const view: View = pastView ?? now
  // A new event while looking back: the stepper's end moves on, the past shown stays.
  useEffect(() => {
    if (asOf !== null && asOf >= now.historyTotal) setAsOf(null)
  }, [asOf, now.historyTotal])
  const definition = definitionFor(view.type, view.definitionVersion)
  const events = useProcessEvent(view, onBehalfOf)
  const delegator = useDelegatorName(view, onBehalfOf)
  const fallbackStep = view.currentStep ?? view.steps[view.steps.length - 1]?.key ?? ''
  const [selected, setSelected] = useState(fallbackStep)
  // A step moves on: show the new current step.
  useEffect(() => setSelected(fallbackStep), [fallbackStep])
  return (
    <Stack gap="md" data-testid="process-view" data-process-id={view.id}>
      {onBehalfOf ? (
        <Alert color="grape" variant="light" data-testid="acting-on-behalf">
          <Trans>You act on behalf of {delegator}: what you do here is recorded as done for them.</Trans>
        </Alert>
      ) : null}
      <Header view={view} definition={definition} events={events} />
      {pastView ? null : <ProcessTasksPanel view={view} />}
      <Card withBorder radius="md" padding="lg">
        <HistoryScrubber
          latest={now.historyTotal}
          seq={asOf}
          past={pastView}
          loading={past.isFetching}
          onSeq={setAsOf}
        />
      </Card>
      <Card
        withBorder
        radius="md"
        padding="lg"
        data-testid="process-moment"
        data-as-of={pastView ? asOf : 'now'}
      >
        <StepTimeline view={view} definition={definition} selected={selected} onSelect={setSelected} />
      </Card>
      <Card withBorder radius="md" padding={0}>
        <Tabs value={tab} onChange={(v) => v && onTab(v as ProcessTab)} keepMounted={false}>
          <Tabs.List px="md" pt="xs">
            {PROCESS_TABS.map((key) => (
              <Tabs.Tab key={key} value={key} data-tab={key}>
                {i18n._(TAB_LABELS[key])}
                {key === 'history' ? ` (${view.historyTotal})` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="steps" p="lg">
            <Stack gap="xs">
              <Title order={2} fz={16}>
                {stepLabel(definition, selected, lang)}
              </Title>
              <StepPanel view={view} definition={definition} step={selected} events={events} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="history" p="md">
            <HistoryTab key={`${view.id}-${view.historyTotal}`} view={view} definition={definition} />
          </Tabs.Panel>
          <Tabs.Panel value="diagram" p="lg">
            {pastView ? null : <DiagramDue view={view} />}
            <Suspense fallback={<Loader size="sm" />}>
              <MachineDiagram graph={graphOf(definition)} lang={lang} current={view.state} />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  )
}

export function ProcessView({
  id,
  tab = 'steps',
  onTab,
  back,
  onBehalfOf,
}: {
  id: string
  tab?: ProcessTab
  onTab: (tab: ProcessTab) => void
  /** A delegate acts for this user (from a delegated task): the view and the events sent are theirs. */
  onBehalfOf?: string
  /** The way back to the list the view was opened from. */
  back?: React.ReactNode
}) {
  const query = useQuery(processQuery(id, onBehalfOf))
  return (
    <Stack gap="md">
      {back}
      {query.isPending ? (
        <Stack gap="md" data-testid="process-loading">
          <Skeleton h={140} radius="md" />
          <Skeleton h={90} radius="md" />
          <Skeleton h={320} radius="md" />
        </Stack>
      ) : query.isError ? (
        <Card withBorder radius="md" padding="xl">
          <EmptyState
            title={
              isApiError(query.error) && query.error.code === 404 ? (
                <Trans>There is no such process</Trans>
              ) : (
                <Trans>The process could not be loaded</Trans>
              )
            }
            description={<Trans>Go back to the list and open it again.</Trans>}
            data-testid="process-missing"
          />
        </Card>
      ) : (
        <Loaded view={query.data} tab={tab} onTab={onTab} onBehalfOf={onBehalfOf} />
      )}
    </Stack>
  )
}
