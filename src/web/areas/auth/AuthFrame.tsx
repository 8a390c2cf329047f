// The frame of the sign-in screens: the product's panel on the left (hidden on a phone), the content on
// the right, the language switch above it.
import { Trans } from '@lingui/react/macro'
import { Box, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { BrandMark } from '../../shell/BrandMark'
import { LanguageToggle } from '../../shell/LanguageToggle'

export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box style={{ display: 'flex', minHeight: '100vh' }} bg="white">
      <Box
        visibleFrom="md"
        p={48}
        style={{
          flex: '0 0 44%',
          background: 'radial-gradient(120% 90% at 15% 10%, #3a5fa6 0%, #2a4273 45%, #1b2a4a 100%)',
          color: 'white',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <BrandMark inverted />
        <Stack gap="md" maw={420} style={{ position: 'relative', zIndex: 1 }}>
          <Title order={1} fz={30} fw={600} c="white" lh={1.3}>
            <Trans>Every artwork, every movement, every decision in one place.</Trans>
          </Title>
          <Text c="ink.1" fz="sm" lh={1.7}>
            <Trans>
              The archive of the collection with its purchases, transport, storage, insurance, valuations and
              payments, approved step by step.
            </Trans>
          </Text>
        </Stack>
        <Text c="ink.2" fz="xs">
          <Trans>For the staff of the family office only.</Trans>
        </Text>
        <svg
          viewBox="0 0 400 400"
          width="420"
          height="420"
          aria-hidden="true"
          style={{ position: 'absolute', right: -120, bottom: -110, opacity: 0.14 }}
        >
          <rect x="40" y="40" width="320" height="320" fill="none" stroke="#e5cdaa" strokeWidth="10" />
          <rect x="90" y="90" width="220" height="220" fill="none" stroke="#e5cdaa" strokeWidth="4" />
          <path d="M120 250 L180 170 L220 220 L250 190 L290 250 Z" fill="#e5cdaa" />
          <circle cx="255" cy="140" r="18" fill="#e5cdaa" />
        </svg>
      </Box>
      <Stack style={{ flex: 1 }} p={{ base: 'md', sm: 'xl' }} gap={0}>
        <Group justify="space-between">
          <Box hiddenFrom="md">
            <BrandMark compact />
          </Box>
          <Box style={{ flex: 1 }} />
          <LanguageToggle />
        </Group>
        <Stack style={{ flex: 1 }} justify="center" align="center" py="xl">
          <Box w="100%" maw={380}>
            {children}
          </Box>
        </Stack>
      </Stack>
    </Box>
  )
}
