/** A published message the relay keeps until its ttl runs out. */
export type StoredMessage = {
  /** Order of arrival across the whole relay. */
  readonly seq: number
  readonly topic: string
  readonly message: string
  readonly tag: number
  readonly attestation?: string
  /** ms since the epoch. */
  readonly publishedAt: number
  readonly expiresAt: number
  /** did:key of the client that published it: it never gets it back. */
  readonly publisher: string
  /** Clients it was handed to (delivered, or in flight), by did:key. */
  readonly claimedBy: Set<string>
}

export type MailboxLimits = {
  maxMessagesPerTopic: number
  maxMessages: number
  maxTtlSeconds: number
}

export type PutMessage = {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  attestation?: string
  publisher: string
}

/**
 * Every message published on the relay, per topic, until it expires; tracks which clients have
 * had each one so a client gets a message once, whenever it subscribes, over whichever socket.
 */
export class Mailbox {
  /** In arrival order, so the first entry is the oldest. */
  private readonly all = new Map<number, StoredMessage>()
  private readonly byTopic = new Map<string, StoredMessage[]>()
  private seq = 0

  constructor(
    private readonly limits: MailboxLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Messages held. */
  get size(): number {
    return this.all.size
  }

  /**
   * Stores a message; publishing the same text on the same topic again (core's publish retries)
   * returns the stored one instead of a duplicate.
   */
  put(input: PutMessage): StoredMessage {
    const now = this.now()
    const queue = this.byTopic.get(input.topic) ?? []
    const existing = queue.find((m) => m.message === input.message && m.expiresAt > now)
    if (existing) return existing
    const ttl = Math.min(Math.max(input.ttlSeconds, 1), this.limits.maxTtlSeconds)
    const stored: StoredMessage = {
      seq: ++this.seq,
      topic: input.topic,
      message: input.message,
      tag: input.tag,
      ...(input.attestation ? { attestation: input.attestation } : {}),
      publishedAt: now,
      expiresAt: now + ttl * 1000,
      publisher: input.publisher,
      claimedBy: new Set(),
    }
    queue.push(stored)
    this.byTopic.set(input.topic, queue)
    this.all.set(stored.seq, stored)
    while (queue.length > this.limits.maxMessagesPerTopic) this.remove(queue[0] as StoredMessage)
    while (this.all.size > this.limits.maxMessages) {
      const oldest = this.all.values().next().value
      if (!oldest) break
      this.remove(oldest)
    }
    return stored
  }

  /**
   * The messages on `topic` that `clientId` neither published nor has had yet, oldest first;
   * marks them as had.
   */
  claim(topic: string, clientId: string): StoredMessage[] {
    const now = this.now()
    const claimed: StoredMessage[] = []
    for (const message of this.byTopic.get(topic) ?? []) {
      if (message.expiresAt <= now) continue
      if (message.publisher === clientId || message.claimedBy.has(clientId)) continue
      message.claimedBy.add(clientId)
      claimed.push(message)
    }
    return claimed
  }

  /** A delivery to `clientId` failed (socket gone before it acknowledged): it may have it again. */
  release(message: StoredMessage, clientId: string): void {
    message.claimedBy.delete(clientId)
  }

  /** Drops expired messages; returns how many. */
  prune(): number {
    const now = this.now()
    let dropped = 0
    for (const message of [...this.all.values()]) {
      if (message.expiresAt > now) continue
      this.remove(message)
      dropped++
    }
    return dropped
  }

  private remove(message: StoredMessage): void {
    this.all.delete(message.seq)
    const queue = this.byTopic.get(message.topic)
    if (!queue) return
    const index = queue.indexOf(message)
    if (index >= 0) queue.splice(index, 1)
    if (queue.length === 0) this.byTopic.delete(message.topic)
  }
}
