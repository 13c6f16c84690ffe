import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** A Farcaster account the app holds: its fid, profile, custody address and the key signing for it. */
export type FarcasterAppAccount = {
  fid: number
  username: string
  displayName?: string
  pfpUrl?: string
  /** The address owning the fid in the ID Registry: the key's own, or a contract it owns. */
  custody: Hex
  /** The key that signs: the custody's, or the owner of a contract custody (ERC-1271). */
  privateKey: Hex
}

export type FarcasterAppOptions = {
  /** The auth relay (the devnet's, or any speaking its channel protocol). */
  relayUrl: string
  /** The key the relay takes authentications from (X-Farcaster-Auth-Relay-Key). */
  appKey: string
  /** An Optimism RPC: the auth client's connector wants one, though the app reads no chain. */
  optimismRpcUrl: string
  account: FarcasterAppAccount
}

/** What the app's visitor asked to sign, as the channel's creator set it. */
export type ChannelRequest = {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}

/**
 * Changes a test may make to what the app signs and sends, to play a broken or malicious app:
 * another domain or nonce, another fid claimed, another address named, another key signing.
 */
export type ApprovalTampering = {
  domain?: string
  nonce?: string
  fid?: number
  custody?: Hex
  signWith?: Hex
  /** A message signed elsewhere, sent as is (a replay). */
  message?: string
  signature?: Hex
}

export type FarcasterApproval = { message: string; signature: Hex; request: ChannelRequest }

export type FarcasterApp = {
  readonly account: FarcasterAppAccount
  /** What the channel behind a connect URI asks (its domain, nonce, ...). */
  request(uri: string): Promise<ChannelRequest>
  /** Signs the channel's Sign In With Farcaster message and authenticates the channel with it. */
  approve(uri: string, tampering?: ApprovalTampering): Promise<FarcasterApproval>
  /** Declines the channel: the relay tells its creator at once. */
  decline(uri: string): Promise<void>
}

/**
 * A Farcaster app in Node, as a phone's Farcaster client acts on a Sign In With Farcaster QR code:
 * reads the channel from the relay, builds the EIP-4361 message (statement 'Farcaster Auth', chain
 * 10, the `farcaster://fid/N` resource) with @farcaster/auth-client, signs it with the custody key
 * (or the key owning a contract custody) and authenticates the channel with it, or declines it.
 * @example await createFarcasterApp({ relayUrl, appKey, optimismRpcUrl, account }).approve(url)
 */
export function createFarcasterApp(options: FarcasterAppOptions): FarcasterApp {
  const client = createWalletClient({
    relay: options.relayUrl,
    ethereum: viemConnector({ rpcUrl: options.optimismRpcUrl }),
  })
  const { account } = options

  const tokenOf = (uri: string): string => {
    const parsed = client.parseSignInURI({ uri })
    if (parsed.isError)
      throw new Error(`not a Sign In With Farcaster URI: ${parsed.error?.message}`)
    return parsed.channelToken
  }

  async function request(uri: string): Promise<ChannelRequest> {
    const response = await fetch(`${options.relayUrl}/v1/channel/status`, {
      headers: { authorization: `Bearer ${tokenOf(uri)}` },
    })
    if (response.status === 401) throw new Error('the channel is unknown or has expired')
    const body = (await response.json()) as { state: string; signatureParams: ChannelRequest }
    if (body.state !== 'pending') throw new Error(`the channel is already ${body.state}`)
    return body.signatureParams
  }

  async function send(path: string, uri: string, body?: unknown): Promise<void> {
    const response = await fetch(`${options.relayUrl}/v1/channel/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokenOf(uri)}`,
        'x-farcaster-auth-relay-key': options.appKey,
      },
      body: JSON.stringify(body ?? {}),
    })
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { error?: string }
      throw new Error(`the relay refused ${path}: ${response.status} ${answer.error ?? ''}`.trim())
    }
  }

  return {
    account,
    request,
    async approve(uri, tampering = {}) {
      const asked = await request(uri)
      const fid = tampering.fid ?? account.fid
      let message = tampering.message
      if (message === undefined) {
        const built = client.buildSignInMessage({
          domain: tampering.domain ?? asked.domain,
          uri: asked.siweUri,
          nonce: tampering.nonce ?? asked.nonce,
          address: tampering.custody ?? account.custody,
          fid,
          ...(asked.notBefore ? { notBefore: new Date(asked.notBefore) } : {}),
          ...(asked.expirationTime ? { expirationTime: new Date(asked.expirationTime) } : {}),
          ...(asked.requestId ? { requestId: asked.requestId } : {}),
        })
        if (built.isError) throw new Error(`could not build the message: ${built.error?.message}`)
        message = built.message
      }
      const signer = privateKeyToAccount(tampering.signWith ?? account.privateKey)
      const signature = tampering.signature ?? (await signer.signMessage({ message }))
      await send('authenticate', uri, {
        message,
        signature,
        fid,
        authMethod: 'custody',
        username: account.username,
        ...(account.displayName ? { displayName: account.displayName } : {}),
        ...(account.pfpUrl ? { pfpUrl: account.pfpUrl } : {}),
      })
      return { message, signature, request: asked }
    },
    async decline(uri) {
      await send('decline', uri)
    },
  }
}

/** The app for a devnet Farcaster account, on the devnet's relay and chain. */
export function devnetFarcasterApp(
  farcaster: {
    relayUrl: string
    appKey: string
    optimism: { rpcUrl: string }
    accounts: {
      fid: number
      username: string
      displayName: string
      pfpUrl: string
      custody: string
      signer: { privateKey: string }
    }[]
  },
  username = farcaster.accounts[0]?.username,
): FarcasterApp {
  const account = farcaster.accounts.find((entry) => entry.username === username)
  if (!account) throw new Error(`the devnet has no Farcaster account ${username}`)
  return createFarcasterApp({
    relayUrl: farcaster.relayUrl,
    appKey: farcaster.appKey,
    optimismRpcUrl: farcaster.optimism.rpcUrl,
    account: {
      fid: account.fid,
      username: account.username,
      displayName: account.displayName,
      pfpUrl: account.pfpUrl,
      custody: account.custody as Hex,
      privateKey: account.signer.privateKey as Hex,
    },
  })
}
