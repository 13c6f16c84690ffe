import * as z from 'zod/mini'
import { caipNetworkIdAnswer } from './leaves.ts'

/** GET /v1/supported-chains: networks served over HTTP and WebSocket. */
export const supportedChainsResponse = z.object({
  http: z.array(caipNetworkIdAnswer),
  ws: z.array(caipNetworkIdAnswer),
  /** EVM chains with an ERC-4337 bundler behind POST /v1/bundler: smart accounts work there. */
  bundler: z.optional(z.array(caipNetworkIdAnswer)),
  /**
   * EVM chains where POST /v1/paymaster signs for the server's verifying paymaster (ERC-7677):
   * a project's policy decides what it sponsors there.
   */
  paymaster: z.optional(z.array(caipNetworkIdAnswer)),
})
export type SupportedChainsResponse = z.infer<typeof supportedChainsResponse>

/** GET /projects/v1/origins: the origins a project may be embedded on. */
export const projectOriginsResponse = z.object({
  allowedOrigins: z.array(z.string()),
})
export type ProjectOriginsResponse = z.infer<typeof projectOriginsResponse>
