import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { z } from 'zod'
import { HttpError } from '../../errors.ts'

/** What a channel's status says, checked: the relay is an outside service. */
const channelStatus = z.object({
  state: z.enum(['pending', 'completed', 'declined']),
  message: z.string().max(8192).optional(),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]{2,4096}$/)
    .optional(),
  fid: z.number().int().positive().optional(),
  username: z.string().max(64).optional(),
  displayName: z.string().max(128).optional(),
  pfpUrl: z.string().max(16_384).optional(),
})
export type ChannelStatus = z.infer<typeof channelStatus>

const createdChannel = z.object({ channelToken: z.string().min(1).max(256), url: z.string().url() })

export const RELAY_UNAVAILABLE_MESSAGE = 'The Farcaster relay did not answer: try again'

/** The relay a Farcaster login's channel lives on, spoken to with @farcaster/auth-client. */
export type FarcasterRelayClient = {
  createChannel(request: {
    siweUri: string
    domain: string
    nonce: string
    expirationTime: string
  }): Promise<{ channelToken: string; url: string }>
  /** The channel's state; `gone` once the relay forgot it (it expired). */
  status(channelToken: string): Promise<ChannelStatus | 'gone'>
}

export function createFarcasterRelayClient(config: {
  relayUrl: string
  optimismRpcUrl: string
}): FarcasterRelayClient {
  const client = createAppClient({
    relay: config.relayUrl,
    ethereum: viemConnector({ rpcUrl: config.optimismRpcUrl }),
  })
  return {
    async createChannel(request) {
      const answer = await client.createChannel(request)
      if (answer.isError || !answer.response.ok) throw new HttpError(503, RELAY_UNAVAILABLE_MESSAGE)
      const parsed = createdChannel.safeParse(answer.data)
      if (!parsed.success) throw new HttpError(503, RELAY_UNAVAILABLE_MESSAGE)
      return parsed.data
    },
    async status(channelToken) {
      const answer = await client.status({ channelToken })
      if (answer.isError) throw new HttpError(503, RELAY_UNAVAILABLE_MESSAGE)
      // The relay keeps a channel for minutes; then its token is unknown.
      if (answer.response.status === 401 || answer.response.status === 404) return 'gone'
      if (answer.response.status !== 200 && answer.response.status !== 202)
        throw new HttpError(503, RELAY_UNAVAILABLE_MESSAGE)
      const parsed = channelStatus.safeParse(answer.data)
      if (!parsed.success) throw new HttpError(503, RELAY_UNAVAILABLE_MESSAGE)
      return parsed.data
    },
  }
}
