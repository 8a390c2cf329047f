// One titled card of the artwork form (an anchor the error summary and the checklist scroll to).
import { Card, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export function FormSection({
  title,
  description,
  children,
  id,
}: {
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  id: string
}) {
  return (
    <Card withBorder radius="md" padding="lg" id={id} data-testid={`section-${id}`}>
      <Stack gap={2} mb="md">
        <Title order={3} fz={15} fw={600}>
          {title}
        </Title>
        {description ? (
          <Text fz="xs" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Card>
  )
}
