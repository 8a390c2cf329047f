// The signed-in user as the shell sees it (the guard in routes/_app.tsx has loaded it before any screen
// renders), and sign-out: the server revokes the token, the browser forgets it and every cached reply.
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { seesValues } from '../../shared/access'
import type { MeResponse } from '../../shared/contracts/auth'
import { meQuery, signOut } from '../api/queries/auth'
import { session } from './session-store'

export function useMe(): MeResponse {
  return useSuspenseQuery(meQuery()).data
}

export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    try {
      await signOut()
    } catch {
      // Offline or already expired: the token is forgotten here all the same.
    }
    session.signOut()
    queryClient.clear()
    await navigate({ to: '/login', replace: true })
  }, [navigate, queryClient])
}

/** Whether the signed-in user may see values (valuations, prices, insured and paid amounts). */
export function useSeesValues(): boolean {
  return seesValues(useMe())
}
