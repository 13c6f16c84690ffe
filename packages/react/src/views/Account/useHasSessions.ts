import { pathOf, ROUTES } from '@latch/protocol/routes'
import { useEffect, useState } from 'react'
import { useLatchInstance } from '../../context.ts'

/**
 * Whether the account has smart sessions on its network, asked of the server (GET
 * /v1/sessions/{address}) only when `ask` (a smart account the visitor acts with): the Account
 * view offers Sessions then. A server that cannot say counts as none.
 */
export function useHasSessions(
  ask: boolean,
  address: string | undefined,
  caipNetworkId: string | undefined,
): boolean {
  const latch = useLatchInstance()
  // The answer is kept with what it was asked for: another account or network reads none until
  // its own answer comes.
  const [answer, setAnswer] = useState<{ key: string; found: boolean }>()
  const key = `${address}@${caipNetworkId}`
  useEffect(() => {
    if (!ask || !address || !caipNetworkId) return
    latch.api
      .get<{ sessions?: unknown[] }>(pathOf(ROUTES.sessions, { address }), {
        chainId: caipNetworkId,
      })
      .then(
        (listed) => setAnswer({ key, found: (listed.sessions?.length ?? 0) > 0 }),
        () => undefined,
      )
  }, [latch, ask, address, caipNetworkId, key])
  return ask && answer?.key === key && answer.found
}
