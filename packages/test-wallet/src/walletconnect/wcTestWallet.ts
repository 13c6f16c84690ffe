import type { SignClientTypes } from '@walletconnect/types'
import { getSdkError, parseUri } from '@walletconnect/utils'
import { privateKeyToAccount } from 'viem/accounts'
import { serializeError, unsupportedMethod } from '../errors.ts'
import { solanaKeypair as createSolanaKeypair } from '../solana/keys.ts'
import {
  AccountIndexError,
  NoPendingProposalError,
  NoSessionError,
  NoSolanaAccountError,
  UnknownChainError,
  UnsupportedChainsError,
} from './errors.ts'
import {
  caip2,
  caip10,
  eip155ChainId,
  isPolkadotChain,
  isSolanaChain,
  requestedChains,
  sessionNamespaces,
} from './namespaces.ts'
import { sendAndAwaitAnswer } from './peerResponse.ts'
import { createPolkadotRequestHandler, type PolkadotKey, polkadotPair } from './polkadotRequests.ts'
import { createRequestHandler, type Decision } from './requests.ts'
import { closeOfflineSignClient, createOfflineSignClient } from './signClient.ts'
import { createSolanaRequestHandler } from './solanaRequests.ts'
import { pollUntil } from './wait.ts'

export type WcTestWalletOptions = {
  relayUrl: string
  projectId: string
  /** Devnet private keys the wallet holds; the first is the active account. */
  privateKeys: readonly `0x${string}`[]
  /** Chains the wallet can use, with the JSON-RPC URL it sends transactions to. */
  chains: readonly { id: number; rpcUrl: string }[]
  /**
   * A Solana account too: sessions that ask for the `solana` namespace get it on `chains`
   * (CAIP-2 ids, e.g. the devnet's `caipNetworkId`), and `solana_*` requests are signed with
   * `secretKey` (64 bytes, base58) and sent through `rpcUrl`.
   */
  solana?: { secretKey: string; rpcUrl: string; chains: readonly string[] }
  /**
   * A Polkadot account too: sessions that ask for the `polkadot` namespace get it on `chains`
   * (CAIP-2 ids, e.g. the devnet's `caipNetworkId`), and `polkadot_*` requests are signed with
   * the key of `suri` (sr25519 unless `type` says otherwise).
   */
  polkadot?: PolkadotKey & { chains: readonly string[] }
  /** Wallet metadata name; default 'Latch Test Wallet'. */
  name?: string
  /** How long pair(), approve() and the session actions wait for the dapp; default 10 s. */
  timeoutMs?: number
  /** Called with each request once it is answered (the CLI prints them). */
  onRequest?: (record: WcRequestRecord) => void
}

export type WcRequestRecord = {
  method: string
  params: unknown
  /** CAIP-2 chain the dapp sent the request for. */
  chainId: string
  result?: unknown
  error?: { code: number; message: string }
}

export type WcProposal = {
  id: number
  proposer: { name: string; url: string }
  requiredChains: string[]
  optionalChains: string[]
}

export type WcTestWallet = {
  /** The active account. */
  readonly address: `0x${string}`
  /** The active chain. */
  readonly chainId: number
  /** The Solana account's base58 address, when the wallet has one. */
  readonly solanaAddress: string | undefined
  /** The Polkadot account's SS58 address (generic prefix 42), when the wallet has one. */
  readonly polkadotAddress: string | undefined
  /** The settled session's topic; undefined before approve() and once either side ended it. */
  readonly sessionTopic: string | undefined
  /** Pairs from a wc: URI; resolves with the session proposal once it arrives (does not answer it). */
  pair(uri: string): Promise<WcProposal>
  /**
   * Approves the pending proposal with the active account on every requested chain the wallet
   * has (required + optional), active chain first; resolves with the session topic once settled.
   * If the active chain was not requested, the first requested one the wallet has becomes active.
   * Requested Solana (Polkadot) chains the wallet has get the `solana` (`polkadot`) namespace with
   * its Solana (Polkadot) account.
   * `namespaces` narrows what is approved (`['solana']`: a Solana-only session, as a Solana
   * wallet gives); a required chain of a namespace left out fails the approval.
   */
  approve(options?: { namespaces?: readonly WcNamespace[] }): Promise<string>
  /** Rejects the pending proposal (USER_REJECTED). */
  reject(): Promise<void>
  /** Session requests answered so far, in order. */
  readonly requests: readonly WcRequestRecord[]
  /**
   * How to answer the next requests that need consent (signing, sending, switching chain):
   * 'approve' (default) or 'reject' (4001 User rejected the request). With a method, for that
   * method only; without, for all (and per-method choices are forgotten).
   */
  setDecision(decision: Decision, method?: string): void
  /** Makes account `index` active: session update (so the namespace lists it) + accountsChanged event. */
  switchAccount(index: number): Promise<void>
  /** Makes `chainId` active: chainChanged event (and a session update + accountsChanged if the session lacked it). */
  switchChain(chainId: number): Promise<void>
  /**
   * Makes the account of `secretKey` (base58, 64 bytes) the wallet's Solana account, which then
   * signs. `announce` is how the dapp is told: 'update' a session update listing it, 'event' an
   * accountsChanged event on each Solana chain of the session, 'both' (default) the update then
   * the event, as most wallets do.
   */
  switchSolanaAccount(
    secretKey: string,
    options?: { announce?: 'update' | 'event' | 'both' },
  ): Promise<void>
  /** Deletes the session from the wallet's side (USER_DISCONNECTED). */
  disconnect(): Promise<void>
  /** Waits for the next answered request for `method` not returned by an earlier call; returns its record. */
  waitForRequest(method: string, options?: { timeoutMs?: number }): Promise<WcRequestRecord>
  /** Closes the relay connection and the client's timers. */
  close(): Promise<void>
}

/** The namespaces the wallet can approve. */
export type WcNamespace = 'eip155' | 'solana' | 'polkadot'

type ProposalEvent = SignClientTypes.EventArguments['session_proposal']
type Session = { topic: string; chains: number[]; solanaChains: string[]; polkadotChains: string[] }
type RequestEvent = SignClientTypes.EventArguments['session_request']

const DEFAULT_TIMEOUT_MS = 10_000

/**
 * A WalletConnect wallet in Node holding devnet keys: pairs from a `wc:` URI, approves or rejects
 * proposals and answers session requests by signing with viem, all through the given relay.
 *
 * @example
 * const wallet = await createWcTestWallet({ ...manifest.walletConnect, privateKeys, chains })
 * await wallet.pair(uri)
 * await wallet.approve()
 */
export async function createWcTestWallet(options: WcTestWalletOptions): Promise<WcTestWallet> {
  const accounts = options.privateKeys.map((key) => privateKeyToAccount(key))
  const [firstChain] = options.chains
  if (accounts.length === 0) throw new Error('createWcTestWallet: privateKeys must not be empty')
  if (!firstChain) throw new Error('createWcTestWallet: chains must not be empty')
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const rpcUrls = new Map(options.chains.map((chain) => [chain.id, chain.rpcUrl]))
  let solanaKeypair = options.solana ? createSolanaKeypair(options.solana.secretKey) : undefined
  const solanaChains = new Set(options.solana?.chains ?? [])
  const dotPair = options.polkadot ? await polkadotPair(options.polkadot) : undefined
  const polkadotChains = new Set(options.polkadot?.chains ?? [])

  let activeIndex = 0
  let activeChainId = firstChain.id
  let session: Session | undefined
  let pending: ProposalEvent | undefined
  const proposals = new Map<string, ProposalEvent>()
  const requests: WcRequestRecord[] = []
  const cursors = new Map<string, number>()
  let defaultDecision: Decision = 'approve'
  const decisions = new Map<string, Decision>()
  let closed = false

  const activeAccount = () => {
    const account = accounts[activeIndex]
    if (!account) throw new Error('unreachable: the active account index is checked on switch')
    return account
  }

  const client = await createOfflineSignClient({
    relayUrl: options.relayUrl,
    projectId: options.projectId,
    metadata: {
      name: options.name ?? 'Latch Test Wallet',
      description: 'A devnet wallet that answers WalletConnect requests from Node',
      url: 'http://localhost',
      icons: [],
    },
    // sign-client hands a wallet one request at a time and waits 1 s after each answer
    // (Engine.requestQueueDelay); the wallet queues requests itself, without the wait.
    signConfig: { disableRequestQueue: true },
  })

  const requireSession = () => {
    if (!session) throw new NoSessionError()
    return session
  }

  const namespacesOf = (current: Omit<Session, 'topic'>) =>
    sessionNamespaces(
      current.chains,
      activeAccount().address,
      solanaKeypair && { chains: current.solanaChains, address: solanaKeypair.address },
      dotPair && { chains: current.polkadotChains, address: dotPair.address },
    )

  const updateSession = async (current: Session) => {
    const namespaces = namespacesOf(current)
    const update = () => client.update({ topic: current.topic, namespaces })
    await sendAndAwaitAnswer(client, current.topic, 'wc_sessionUpdate', update, timeoutMs)
  }

  const emit = (topic: string, chainId: number | string, name: string, data: unknown) =>
    client.emit({
      topic,
      chainId: typeof chainId === 'number' ? caip2(chainId) : chainId,
      event: { name, data },
    })

  const switchChain = async (chainId: number) => {
    if (!rpcUrls.has(chainId)) throw new UnknownChainError(chainId)
    if (chainId === activeChainId) return
    activeChainId = chainId
    if (!session) return
    const added = !session.chains.includes(chainId)
    if (added) {
      session.chains = [chainId, ...session.chains]
      await updateSession(session)
    }
    await emit(session.topic, chainId, 'chainChanged', chainId)
    if (added) {
      await emit(session.topic, chainId, 'accountsChanged', [
        caip10(chainId, activeAccount().address),
      ])
    }
  }

  const handle = createRequestHandler({
    account: activeAccount,
    activeChainId: () => activeChainId,
    rpcUrl: (chainId) => rpcUrls.get(chainId),
    switchChain,
    decide: (method) => decisions.get(method) ?? defaultDecision,
  })

  const handleSolana = solanaKeypair
    ? createSolanaRequestHandler({
        get keypair() {
          return solanaKeypair as NonNullable<typeof solanaKeypair>
        },
        rpcUrl: options.solana?.rpcUrl as string,
        decide: (method) => decisions.get(method) ?? defaultDecision,
      })
    : undefined

  const handlePolkadot = dotPair
    ? createPolkadotRequestHandler({
        pair: dotPair,
        decide: (method) => decisions.get(method) ?? defaultDecision,
      })
    : undefined

  const answer = async (event: RequestEvent) => {
    const { request, chainId } = event.params
    const record: WcRequestRecord = { method: request.method, params: request.params, chainId }
    try {
      const solana = isSolanaChain(chainId) || request.method.startsWith('solana_')
      if (solana && !(handleSolana && solanaChains.has(chainId))) {
        throw unsupportedMethod(`${request.method} on ${chainId}`)
      }
      const polkadot = isPolkadotChain(chainId) || request.method.startsWith('polkadot_')
      if (polkadot && !(handlePolkadot && polkadotChains.has(chainId))) {
        throw unsupportedMethod(`${request.method} on ${chainId}`)
      }
      const result = solana
        ? await handleSolana?.(request.method, request.params)
        : polkadot
          ? await handlePolkadot?.(request.method, request.params)
          : await handle({ ...request, chainId })
      record.result = result ?? null
    } catch (error) {
      const { code, message } = serializeError(error)
      record.error = { code, message }
    }
    const response = record.error
      ? { id: event.id, jsonrpc: '2.0', error: record.error }
      : { id: event.id, jsonrpc: '2.0', result: record.result }
    // A dapp that went away cannot get its answer; the record still says what it would have been.
    await client.respond({ topic: event.topic, response }).catch(() => {})
    requests.push(record)
    options.onRequest?.(record)
  }

  // Answered one at a time, in arrival order, as a user would.
  let answering: Promise<void> = Promise.resolve()
  client.on('session_request', (event) => {
    answering = answering.then(() => answer(event))
  })
  client.on('session_proposal', (event) => {
    proposals.set(event.params.pairingTopic, event)
  })
  client.on('session_delete', ({ topic }) => {
    if (session?.topic === topic) session = undefined
  })

  return {
    get address() {
      return activeAccount().address
    },
    get chainId() {
      return activeChainId
    },
    get solanaAddress() {
      return solanaKeypair?.address
    },
    get polkadotAddress() {
      return dotPair?.address
    },
    get sessionTopic() {
      return session?.topic
    },
    get requests() {
      return requests
    },

    async pair(uri) {
      const { topic } = parseUri(uri)
      await client.pair({ uri })
      const event = await pollUntil(() => proposals.get(topic), 'the session proposal', timeoutMs)
      proposals.delete(topic)
      pending = event
      const { required, optional } = requestedChains(event.params)
      const { name, url } = event.params.proposer.metadata
      return {
        id: event.id,
        proposer: { name, url },
        requiredChains: required,
        optionalChains: optional,
      }
    },

    async approve(approveOptions) {
      if (!pending) throw new NoPendingProposalError()
      const proposal = pending
      const { required, optional } = requestedChains(proposal.params)
      const allowed = new Set<WcNamespace>(
        approveOptions?.namespaces ?? ['eip155', 'solana', 'polkadot'],
      )
      const known = (chain: string) => {
        const id = eip155ChainId(chain)
        return allowed.has('eip155') && id !== undefined && rpcUrls.has(id) ? id : undefined
      }
      const knownSolana = (chain: string) =>
        allowed.has('solana') && solanaKeypair !== undefined && solanaChains.has(chain)
      const knownPolkadot = (chain: string) =>
        allowed.has('polkadot') && dotPair !== undefined && polkadotChains.has(chain)
      const missing = required.filter(
        (chain) => known(chain) === undefined && !knownSolana(chain) && !knownPolkadot(chain),
      )
      if (missing.length > 0) throw new UnsupportedChainsError(missing, 'it lacks required chains')
      const requested = [...new Set([...required, ...optional])]
      const offered = requested.map(known).filter((id): id is number => id !== undefined)
      const offeredSolana = requested.filter(knownSolana)
      const offeredPolkadot = requested.filter(knownPolkadot)
      const [firstOffered] = offered
      if (
        firstOffered === undefined &&
        offeredSolana.length === 0 &&
        offeredPolkadot.length === 0
      ) {
        throw new UnsupportedChainsError(optional, 'it has none of the requested chains')
      }
      if (firstOffered !== undefined && !offered.includes(activeChainId)) {
        activeChainId = firstOffered
      }
      const chains =
        firstOffered === undefined
          ? []
          : [activeChainId, ...offered.filter((id) => id !== activeChainId)]
      const settled = { chains, solanaChains: offeredSolana, polkadotChains: offeredPolkadot }
      const { topic } = await client.approve({ id: proposal.id, namespaces: namespacesOf(settled) })
      pending = undefined
      session = { topic, ...settled }
      await pollUntil(
        () => client.session.keys.includes(topic) && client.session.get(topic).acknowledged,
        'the dapp to acknowledge the session',
        timeoutMs,
      )
      return topic
    },

    async reject() {
      if (!pending) throw new NoPendingProposalError()
      const { id } = pending
      pending = undefined
      await client.reject({ id, reason: getSdkError('USER_REJECTED') })
    },

    setDecision(decision, method) {
      if (method) {
        decisions.set(method, decision)
        return
      }
      defaultDecision = decision
      decisions.clear()
    },

    async switchAccount(index) {
      if (!Number.isInteger(index) || !accounts[index]) {
        throw new AccountIndexError(index, accounts.length)
      }
      if (index === activeIndex) return
      activeIndex = index
      // A session of Solana chains only has no EVM account to change.
      if (!session || session.chains.length === 0) return
      await updateSession(session)
      const account = caip10(activeChainId, activeAccount().address)
      await emit(session.topic, activeChainId, 'accountsChanged', [account])
    },

    switchChain,

    async switchSolanaAccount(secretKey, switchOptions) {
      if (!solanaKeypair) throw new NoSolanaAccountError()
      solanaKeypair = createSolanaKeypair(secretKey)
      const current = session
      if (!current || current.solanaChains.length === 0) return
      const announce = switchOptions?.announce ?? 'both'
      if (announce !== 'event') await updateSession(current)
      if (announce === 'update') return
      const address = solanaKeypair.address
      for (const chain of current.solanaChains)
        await emit(current.topic, chain, 'accountsChanged', [`${chain}:${address}`])
    },

    async disconnect() {
      const { topic } = requireSession()
      session = undefined
      await client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') })
    },

    async waitForRequest(method, waitOptions) {
      const record = await pollUntil(
        () => {
          const from = cursors.get(method) ?? 0
          const index = requests.findIndex((r, i) => i >= from && r.method === method)
          if (index < 0) return undefined
          cursors.set(method, index + 1)
          return requests[index]
        },
        `an answered ${method} request`,
        waitOptions?.timeoutMs ?? timeoutMs,
      )
      return record
    },

    async close() {
      if (closed) return
      closed = true
      await closeOfflineSignClient(client)
    },
  }
}
