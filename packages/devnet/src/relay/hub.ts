import { createHash } from 'node:crypto'
import WebSocket from 'ws'
import {
  DEFAULT_TTL_SECONDS,
  type RelayLimits,
  SESSION_PROPOSE_REQUEST_TAG,
  SESSION_PROPOSE_RESPONSE_TAG,
  SESSION_SETTLE_REQUEST_TAG,
} from './constants.ts'
import {
  formatError,
  formatRequest,
  formatResult,
  type IncomingFrame,
  parseFrame,
  RelayRpcError,
  RpcErrorCode,
} from './jsonRpc.ts'
import { Mailbox, type StoredMessage } from './mailbox.ts'

/** One open socket of an authenticated client. */
type Connection = {
  readonly socket: WebSocket
  /** did:key from the auth JWT. */
  readonly clientId: string
  readonly topics: Set<string>
  /** Deliveries sent on this socket and not yet acknowledged, by the id we sent them with. */
  readonly unacked: Map<number, StoredMessage>
}

/** What a method handler answers, and the topics whose mailboxes to flush after the answer. */
type Handled = { result: unknown; flush: string[] }

type MethodHandler = (connection: Connection, params: Record<string, unknown>) => Handled

/**
 * The subscription id @walletconnect/core computes for itself (Subscriber.getSubscriptionId:
 * sha256 of topic + client did:key), so the id in `irn_subscription` is the one it expects.
 */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex')
}

function paramsObject(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new RelayRpcError(RpcErrorCode.invalidParams, 'Invalid params: expected an object')
  }
  return params as Record<string, unknown>
}

/**
 * The relay's state and protocol: subscriptions, the mailbox and the JSON-RPC methods of the
 * WalletConnect relay as @walletconnect/core 2.21.8 calls them. Knows sockets, not servers.
 */
export class RelayHub {
  private readonly mailbox: Mailbox
  private readonly subscribers = new Map<string, Set<Connection>>()
  private readonly connections = new Set<Connection>()
  private nextRequestId = 1

  constructor(
    private readonly limits: RelayLimits,
    now: () => number = Date.now,
  ) {
    this.mailbox = new Mailbox(limits, now)
  }

  /** Open sockets. */
  get size(): number {
    return this.connections.size
  }

  /** Serves `socket` for the client `clientId` until it closes; `onClose` runs once it has. */
  attach(socket: WebSocket, clientId: string, onClose: () => void): void {
    const connection: Connection = { socket, clientId, topics: new Set(), unacked: new Map() }
    this.connections.add(connection)
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        this.send(
          connection,
          formatError(null, {
            code: RpcErrorCode.parseError,
            message: 'Binary frames are not JSON-RPC',
          }),
        )
        return
      }
      this.onFrame(connection, data.toString())
    })
    // ws emits 'close' after 'error'; cleanup happens there.
    socket.on('error', () => {})
    socket.on('close', () => {
      this.detach(connection)
      onClose()
    })
  }

  /** Drops expired messages. */
  prune(): number {
    return this.mailbox.prune()
  }

  private onFrame(connection: Connection, text: string): void {
    let frame: IncomingFrame
    try {
      frame = parseFrame(text)
    } catch (error) {
      this.send(connection, formatError(null, asRpcError(error)))
      return
    }
    if (frame.kind === 'response') {
      this.onAcknowledge(connection, frame)
      return
    }
    let handled: Handled
    try {
      handled = this.handle(connection, frame.method, frame.params)
    } catch (error) {
      this.send(connection, formatError(frame.id, asRpcError(error)))
      return
    }
    this.send(connection, formatResult(frame.id, handled.result))
    for (const topic of handled.flush) this.flush(topic)
  }

  private handle(connection: Connection, method: string, rawParams: unknown): Handled {
    const handler = Object.hasOwn(this.methods, method) ? this.methods[method] : undefined
    if (!handler)
      throw new RelayRpcError(RpcErrorCode.methodNotFound, `Method not found: ${method}`)
    return handler(connection, paramsObject(rawParams))
  }

  /** The relay's JSON-RPC methods, as @walletconnect/core 2.21.8 calls them. */
  private readonly methods: Record<string, MethodHandler> = {
    irn_subscribe: (connection, params) => {
      const topic = this.topic(params.topic)
      this.subscribe(connection, topic)
      return { result: subscriptionId(topic, connection.clientId), flush: [topic] }
    },

    irn_batchSubscribe: (connection, params) => {
      const topics = this.topics(params.topics)
      for (const topic of topics) this.subscribe(connection, topic)
      const ids = topics.map((topic) => subscriptionId(topic, connection.clientId))
      return { result: ids, flush: topics }
    },

    irn_unsubscribe: (connection, params) => {
      this.unsubscribe(connection, this.topic(params.topic))
      return { result: true, flush: [] }
    },

    irn_batchUnsubscribe: (connection, { subscriptions }) => {
      if (!Array.isArray(subscriptions)) throw invalidParams('subscriptions must be an array')
      const topics = this.topics(subscriptions.map((s) => paramsObject(s).topic))
      for (const topic of topics) this.unsubscribe(connection, topic)
      return { result: true, flush: [] }
    },

    irn_publish: (connection, params) => {
      const topic = this.store(connection, this.publishParams(params))
      return { result: true, flush: [topic] }
    },

    irn_batchPublish: (connection, { messages }) => {
      if (!Array.isArray(messages)) throw invalidParams('messages must be an array')
      if (messages.length > this.limits.maxTopicsPerRequest)
        throw invalidParams('too many messages')
      // Validate all before storing any, so a bad entry publishes nothing.
      const checked = messages.map((m) => this.publishParams(paramsObject(m)))
      const topics = checked.map((m) => this.store(connection, m))
      return { result: true, flush: [...new Set(topics)] }
    },

    wc_proposeSession: (connection, params) => {
      const pairingTopic = this.topic(params.pairingTopic)
      const proposal = this.message(params.sessionProposal, 'sessionProposal')
      // The dapp skips irn_subscribe on its new pairing topic: proposing subscribes it.
      this.subscribe(connection, pairingTopic)
      this.store(connection, {
        ...this.options(params),
        topic: pairingTopic,
        message: proposal,
        tag: SESSION_PROPOSE_REQUEST_TAG,
      })
      return { result: true, flush: [pairingTopic] }
    },

    wc_approveSession: (connection, params) => {
      const pairingTopic = this.topic(params.pairingTopic)
      const sessionTopic = this.topic(params.sessionTopic)
      const response = this.message(params.sessionProposalResponse, 'sessionProposalResponse')
      const settle = this.message(params.sessionSettlementRequest, 'sessionSettlementRequest')
      // The wallet skips irn_subscribe on the session topic: approving subscribes it.
      this.subscribe(connection, sessionTopic)
      const options = this.options(params)
      this.store(connection, {
        ...options,
        topic: pairingTopic,
        message: response,
        tag: SESSION_PROPOSE_RESPONSE_TAG,
      })
      this.store(connection, {
        ...options,
        topic: sessionTopic,
        message: settle,
        tag: SESSION_SETTLE_REQUEST_TAG,
      })
      return { result: true, flush: [pairingTopic, sessionTopic] }
    },

    irn_batchFetchMessages: (connection, params) => {
      const messages = this.topics(params.topics).flatMap((topic) =>
        this.mailbox.claim(topic, connection.clientId).map(messageData),
      )
      return { result: { messages, hasMore: false }, flush: [] }
    },
  }

  private topic(value: unknown): string {
    if (typeof value !== 'string' || value.length === 0)
      throw invalidParams('topic must be a non-empty string')
    if (value.length > this.limits.maxTopicLength) throw invalidParams('topic is too long')
    return value
  }

  private topics(value: unknown): string[] {
    if (!Array.isArray(value)) throw invalidParams('topics must be an array')
    if (value.length > this.limits.maxTopicsPerRequest) throw invalidParams('too many topics')
    return value.map((topic) => this.topic(topic))
  }

  private message(value: unknown, name: string): string {
    if (typeof value !== 'string' || value.length === 0)
      throw invalidParams(`${name} must be a non-empty string`)
    if (value.length > this.limits.maxMessageBytes) {
      throw invalidParams(`${name} is larger than ${this.limits.maxMessageBytes} bytes`)
    }
    return value
  }

  /** ttl and attestation, shared by every publish-like method. */
  private options(params: Record<string, unknown>): { ttlSeconds: number; attestation?: string } {
    const { ttl, attestation } = params
    if (ttl !== undefined && (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0)) {
      throw invalidParams('ttl must be a positive number of seconds')
    }
    return {
      ttlSeconds: typeof ttl === 'number' ? ttl : DEFAULT_TTL_SECONDS,
      ...(typeof attestation === 'string' && attestation ? { attestation } : {}),
    }
  }

  private publishParams(params: Record<string, unknown>) {
    const { tag } = params
    if (tag !== undefined && (typeof tag !== 'number' || !Number.isInteger(tag))) {
      throw invalidParams('tag must be an integer')
    }
    return {
      ...this.options(params),
      topic: this.topic(params.topic),
      message: this.message(params.message, 'message'),
      tag: typeof tag === 'number' ? tag : 0,
    }
  }

  private store(
    connection: Connection,
    input: {
      topic: string
      message: string
      ttlSeconds: number
      tag: number
      attestation?: string
    },
  ): string {
    this.mailbox.put({ ...input, publisher: connection.clientId })
    return input.topic
  }

  private subscribe(connection: Connection, topic: string): void {
    if (connection.topics.has(topic)) return
    if (connection.topics.size >= this.limits.maxTopicsPerConnection) {
      throw invalidParams('too many subscriptions on this connection')
    }
    connection.topics.add(topic)
    let set = this.subscribers.get(topic)
    if (!set) {
      set = new Set()
      this.subscribers.set(topic, set)
    }
    set.add(connection)
  }

  private unsubscribe(connection: Connection, topic: string): void {
    connection.topics.delete(topic)
    const set = this.subscribers.get(topic)
    set?.delete(connection)
    if (set?.size === 0) this.subscribers.delete(topic)
  }

  /** Hands every subscriber of `topic` the stored messages it has not had. */
  private flush(topic: string): void {
    for (const connection of this.subscribers.get(topic) ?? []) {
      if (connection.socket.readyState !== WebSocket.OPEN) continue
      for (const message of this.mailbox.claim(topic, connection.clientId)) {
        const id = this.nextRequestId++
        connection.unacked.set(id, message)
        const params = {
          id: subscriptionId(topic, connection.clientId),
          data: messageData(message),
        }
        this.send(connection, formatRequest(id, 'irn_subscription', params))
      }
    }
  }

  private onAcknowledge(connection: Connection, frame: IncomingFrame & { kind: 'response' }): void {
    if (typeof frame.id !== 'number') return
    const message = connection.unacked.get(frame.id)
    if (!message) return
    connection.unacked.delete(frame.id)
    if (frame.error) {
      this.mailbox.release(message, connection.clientId)
    }
  }

  private detach(connection: Connection): void {
    this.connections.delete(connection)
    for (const topic of [...connection.topics]) this.unsubscribe(connection, topic)
    // Unacknowledged deliveries may never have arrived: the next socket of this client gets them.
    const released = new Set<string>()
    for (const message of connection.unacked.values()) {
      this.mailbox.release(message, connection.clientId)
      released.add(message.topic)
    }
    connection.unacked.clear()
    for (const topic of released) this.flush(topic)
  }

  private send(connection: Connection, text: string): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(text)
  }
}

function invalidParams(detail: string): RelayRpcError {
  return new RelayRpcError(RpcErrorCode.invalidParams, `Invalid params: ${detail}`)
}

function asRpcError(error: unknown): { code: number; message: string } {
  if (error instanceof RelayRpcError) return { code: error.code, message: error.message }
  return { code: RpcErrorCode.internal, message: 'Internal error' }
}

/** The `data` of an irn_subscription, and an entry of irn_batchFetchMessages. */
function messageData(message: StoredMessage) {
  return {
    topic: message.topic,
    message: message.message,
    publishedAt: message.publishedAt,
    tag: message.tag,
    ...(message.attestation ? { attestation: message.attestation } : {}),
  }
}
