import type { CaipNetworkId, IdentityResponse } from '@latch/protocol'
import { deferred, lazyCode } from '../lazy/lazyCode.ts'
import type { IdentityController, IdentityDeps } from './createIdentity.ts'

/** The account's name and avatar, with its code (and the query cache's) loaded once an account connects. */
export function createLazyIdentity(deps: IdentityDeps): IdentityController {
  const code = lazyCode(() =>
    import('./createIdentity.ts').then(({ createIdentity }) => createIdentity(deps)),
  )
  return {
    load: deferred(code, (identity, target: { address: string; caipNetworkId: CaipNetworkId }) =>
      identity.load(target),
    ),
    set: deferred(code, (identity, address: string, answer: IdentityResponse) =>
      identity.set(address, answer),
    ),
    // Nothing shown before the code loaded: nothing to forget.
    reset: () => code.current()?.reset(),
  }
}
