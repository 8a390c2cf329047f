// The steps of a process in order, each with its status (pending, approval ongoing, approved, rejected,
// payment failed, terminated, ...) as the machine describes it; a click shows that step's record.
import { Stepper } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { ProcessDefinition, StepStatus } from '../../../../machines/types'
import type { ProcessView } from '../../../shared/contracts/process'
import { IconCheck } from '../../shell/icons'
import { stepLabel, useLang } from './machine-words'
import { STATUS_COLORS, StatusBadge } from './StatusBadge'

export function StepTimeline({
  view,
  definition,
  selected,
  onSelect,
}: {
  view: ProcessView
  definition: ProcessDefinition
  selected: string
  onSelect: (step: string) => void
}) {
  const lang = useLang()
  const narrow = useMediaQuery('(max-width: 48em)')
  const currentIndex = view.steps.findIndex((s) => s.key === view.currentStep)
  const active = view.done ? view.steps.length : Math.max(currentIndex, 0)
  return (
    <Stepper
      active={active}
      onStepClick={(i) => onSelect(view.steps[i].key)}
      allowNextStepsSelect
      size="sm"
      iconSize={30}
      orientation={narrow ? 'vertical' : 'horizontal'}
      completedIcon={<IconCheck size={16} />}
      data-testid="step-timeline"
    >
      {view.steps.map((s, i) => (
        <Stepper.Step
          key={s.key}
          label={stepLabel(definition, s.key, lang)}
          description={<StatusBadge status={s.status as StepStatus} step size="xs" mt={4} />}
          color={s.status === 'approved' ? 'teal' : STATUS_COLORS[s.status]}
          loading={false}
          data-step={s.key}
          data-step-status={s.status}
          data-selected={selected === s.key || undefined}
          style={selected === s.key ? { textDecoration: 'underline', textUnderlineOffset: 6 } : undefined}
          allowStepSelect
          completedIcon={s.status === 'approved' ? <IconCheck size={16} /> : i + 1}
        />
      ))}
    </Stepper>
  )
}
