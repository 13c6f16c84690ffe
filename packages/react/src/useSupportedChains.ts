import type { SupportedChainsResponse } from '@latch/protocol'
import { useEffect, useState } from 'react'
import { useLatch } from './LatchProvider.tsx'

export type SupportedChainsState =
  | { status: 'pending' }
  | { status: 'success'; data: SupportedChainsResponse }
  | { status: 'error'; error: Error }

/** The networks the Latch server answers for (GET /v1/supported-chains). */
export function useSupportedChains(): SupportedChainsState {
  const { api } = useLatch()
  const [state, setState] = useState<SupportedChainsState>({ status: 'pending' })
  useEffect(() => {
    let current = true
    api.supportedChains().then(
      (data) => current && setState({ status: 'success', data }),
      (error: Error) => current && setState({ status: 'error', error }),
    )
    return () => {
      current = false
    }
  }, [api])
  return state
}
