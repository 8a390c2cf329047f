// The phone's (or laptop's) camera as a scanner, in a modal: @zxing/browser reads QR codes from the video
// and hands each new text to `onScan` (the same code seen frame after frame counts once per few seconds).
// The camera stops when the modal closes. No camera, a refused permission or a page not served over HTTPS
// each get a sentence instead of the video. The library loads with the first use, not with the app.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Modal, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'

type CameraProblem = 'insecure' | 'denied' | 'noCamera' | 'failed'

/** The same text read again within this time is the same scan (a code held in front of the camera). */
const REPEAT_MS = 2500

function problemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string })?.name ?? ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return 'noCamera'
  return 'failed'
}

export function CameraScanner({
  opened,
  onClose,
  onScan,
  lastRead,
}: {
  opened: boolean
  onClose: () => void
  onScan: (text: string) => void
  /** What the last scan turned out to be, shown under the video. */
  lastRead?: string
}) {
  const { t } = useLingui()
  const video = useRef<HTMLVideoElement>(null)
  const [problem, setProblem] = useState<CameraProblem | null>(null)
  const [starting, setStarting] = useState(false)
  const onScanRef = useRef(onScan)
  onScanRef.current = onScan

  useEffect(() => {
    if (!opened) return
    let stopped = false
    let stop: (() => void) | undefined
    const recent = new Map<string, number>()
    setProblem(null)
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      setProblem('insecure')
      return
    }
    setStarting(true)
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser')
        if (stopped || !video.current) return
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 })
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: { ideal: 'environment' } }, audio: false },
          video.current,
          (result) => {
            if (!result) return
            const text = result.getText()
            const now = Date.now()
            if ((recent.get(text) ?? 0) > now - REPEAT_MS) return
            recent.set(text, now)
            onScanRef.current(text)
          },
        )
        if (stopped) controls.stop()
        else stop = () => controls.stop()
      } catch (error) {
        if (!stopped) setProblem(problemOf(error))
      } finally {
        if (!stopped) setStarting(false)
      }
    })()
    return () => {
      stopped = true
      stop?.()
    }
  }, [opened])

  const problems: Record<CameraProblem, string> = {
    insecure: t`The camera can only be used when Vitrine is opened over HTTPS. Use the scan field instead.`,
    denied: t`The browser was not allowed to use the camera. Allow it in the browser's site settings, or use the scan field.`,
    noCamera: t`No camera was found on this device. Use the scan field or a USB scanner.`,
    failed: t`The camera could not be started. Use the scan field or a USB scanner.`,
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Scan with camera`}
      size="lg"
      fullScreen={false}
      centered
    >
      <Stack gap="sm" data-testid="camera-scanner">
        {problem ? (
          <Alert color="orange" data-testid="camera-problem">
            {problems[problem]}
          </Alert>
        ) : (
          <>
            <video
              ref={video}
              muted
              playsInline
              style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 4 }}
            />
            <Text fz="sm" c="dimmed">
              {starting ? (
                <Trans>Starting the camera…</Trans>
              ) : (
                <Trans>Hold a label's QR code in front of the camera.</Trans>
              )}
            </Text>
          </>
        )}
        {lastRead ? (
          <Text fz="sm" fw={500} aria-live="polite" data-testid="camera-last-read">
            {lastRead}
          </Text>
        ) : null}
      </Stack>
    </Modal>
  )
}
