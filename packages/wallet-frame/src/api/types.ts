import type * as embedded from '@latch/protocol'
import type { z } from 'zod'

// Types only: the page must not bundle zod, so the schemas are read at compile time and the server
// alone validates at run time.

type Route<Body, Response, Auth extends boolean> = { body: Body; response: Response; auth: Auth }
type In<Schema extends z.ZodType> = z.input<Schema>
type Out<Schema extends z.ZodType> = z.output<Schema>

/** Every POST route of the embedded wallet's API the frame calls, by path under /wallet/v1. */
export type WalletApiRoutes = {
  'email/start': Route<
    In<typeof embedded.emailStartBody>,
    Out<typeof embedded.emailStartResponse>,
    false
  >
  'email/device': Route<
    In<typeof embedded.emailDeviceBody>,
    Out<typeof embedded.emailDeviceResponse>,
    false
  >
  'email/verify': Route<
    In<typeof embedded.emailVerifyBody>,
    Out<typeof embedded.emailVerifyResponse>,
    false
  >
  'social/start': Route<
    In<typeof embedded.socialStartBody>,
    Out<typeof embedded.socialStartResponse>,
    false
  >
  'social/finish': Route<
    In<typeof embedded.socialFinishBody>,
    Out<typeof embedded.socialFinishResponse>,
    false
  >
  'social/cancel': Route<In<typeof embedded.socialCancelBody>, unknown, false>
  'farcaster/start': Route<
    In<typeof embedded.farcasterStartBody>,
    Out<typeof embedded.farcasterStartResponse>,
    false
  >
  'farcaster/finish': Route<
    In<typeof embedded.farcasterFinishBody>,
    Out<typeof embedded.farcasterFinishResponse>,
    false
  >
  'farcaster/cancel': Route<In<typeof embedded.farcasterCancelBody>, unknown, false>
  'session/user': Route<
    In<typeof embedded.sessionUserBody>,
    Out<typeof embedded.sessionUserResponse>,
    true
  >
  'session/signout': Route<Record<string, never>, Out<typeof embedded.signOutResponse>, true>
  rpc: Route<In<typeof embedded.walletRpcBody>, Out<typeof embedded.walletRpcResponse>, true>
  'rpc/cost': Route<
    In<typeof embedded.walletRpcCostBody>,
    Out<typeof embedded.walletRpcCostResponse>,
    true
  >
  'evm/network': Route<
    In<typeof embedded.evmNetworkBody>,
    Out<typeof embedded.evmNetworkResponse>,
    true
  >
  'solana/network': Route<
    In<typeof embedded.solanaNetworkBody>,
    Out<typeof embedded.solanaNetworkResponse>,
    true
  >
  'email/update': Route<
    In<typeof embedded.emailUpdateBody>,
    Out<typeof embedded.emailUpdateResponse>,
    true
  >
  'email/update/primary': Route<
    In<typeof embedded.emailUpdatePrimaryBody>,
    Out<typeof embedded.emailUpdatePrimaryResponse>,
    true
  >
  'email/update/secondary': Route<
    In<typeof embedded.emailUpdateSecondaryBody>,
    Out<typeof embedded.emailUpdateSecondaryResponse>,
    true
  >
}

export type WalletApiPath = keyof WalletApiRoutes
