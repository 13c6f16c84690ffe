import type { FastifyBaseLogger } from 'fastify'
import {
  BaseError,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  HttpRequestError,
  keccak256,
  type PrivateKeyAccount,
  TimeoutError,
  TransactionReceiptNotFoundError,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainClient } from '../chains/clients.ts'
import type { IndexerSession } from '../indexer/session.ts'
import {
  type Failpoint,
  PAYOUT_LOCK_NAME,
  PAYOUT_POLL_MS,
  PAYOUT_RECEIPT_WAIT_MS,
} from './constants.ts'
import { failpoint } from './failpoint.ts'
import { nextPendingOrder, type StoredOrder, settleOrder, storeSignedPayout } from './store.ts'

/** Why a paid order failed: the payment is given back, as a real provider would. */
export const PAYOUT_FAILURES = {
  treasuryEmpty: 'The sandbox treasury cannot pay this order out: your payment was refunded.',
  reverted: 'The transfer to your wallet failed on the chain: your payment was refunded.',
  networkGone: 'This network is no longer served: your payment was refunded.',
} as const

// What a node answers when the transaction is in its pool or mined already: not an error here.
const ALREADY_SENT =
  /already known|known transaction|nonce too low|already imported|replacement transaction underpriced|nonce has already been used/i

const isTransportError = (error: unknown) =>
  error instanceof HttpRequestError || error instanceof TimeoutError

export type PayoutOptions = {
  treasuryKey: Hex
  chains: ReadonlyMap<number, ChainClient>
  /** Opens the connection the worker locks and writes through (see indexer/session.ts). */
  openSession: () => Promise<IndexerSession>
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  failpoint: Failpoint | undefined
}

/** What one payout step left: the order settled, or its transfer is on its way. */
type Step = 'settled' | 'waiting'

/**
 * Pays paid sandbox orders out of the treasury, exactly once, one at a time in the order they
 * were paid. For an order it signs the transfer, stores it, then broadcasts it; a restarted
 * server finds the stored transfer and sends that one again rather than another, and signs anew
 * only when that one can never land (its nonce went to another transaction). One server instance
 * at a time pays out: the holder of a PostgreSQL advisory lock.
 */
export class PayoutWorker {
  readonly #options: PayoutOptions
  readonly #treasury: PrivateKeyAccount
  #session: IndexerSession | undefined
  #holdsLock = false
  #stopped = false
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  #again = false
  #failing: string | undefined

  constructor(options: PayoutOptions) {
    this.#options = options
    this.#treasury = privateKeyToAccount(options.treasuryKey)
  }

  start(): void {
    this.#schedule(0)
  }

  /** Looks for paid orders now (a payment was just recorded), not at the next poll. */
  kick(): void {
    if (this.#stopped) return
    if (this.#running) {
      this.#again = true
      return
    }
    clearTimeout(this.#timer)
    this.#schedule(0)
  }

  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#running
    const session = this.#session
    this.#session = undefined
    this.#holdsLock = false
    await session?.close()
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      this.#running = this.#poll().finally(() => {
        this.#running = undefined
        const again = this.#again
        this.#again = false
        this.#schedule(again ? 0 : PAYOUT_POLL_MS)
      })
    }, delayMs)
  }

  async #poll(): Promise<void> {
    try {
      if (this.#session && !this.#session.healthy) await this.#dropSession()
      this.#session ??= await this.#options.openSession()
      if (!this.#holdsLock) this.#holdsLock = await this.#session.tryLock(PAYOUT_LOCK_NAME)
      if (!this.#holdsLock) return
      while (!this.#stopped) {
        const order = await nextPendingOrder(this.#session)
        if (!order) break
        // One at a time: the next order waits until this one's transfer landed.
        if ((await this.#payOut(this.#session, order)) === 'waiting') break
      }
      if (this.#failing) this.#options.log.info('on-ramp payouts recovered')
      this.#failing = undefined
    } catch (error) {
      if (this.#stopped) return
      const cause = error instanceof Error ? error.message : String(error)
      if (cause !== this.#failing)
        this.#options.log.warn({ err: error }, 'on-ramp payout failed; retrying')
      this.#failing = cause
      if (this.#session && !this.#session.healthy) await this.#dropSession()
    }
  }

  async #dropSession(): Promise<void> {
    const session = this.#session
    this.#session = undefined
    this.#holdsLock = false
    await session?.close()
  }

  #now(): Date {
    return new Date()
  }

  async #payOut(session: IndexerSession, order: StoredOrder): Promise<Step> {
    const chain = this.#options.chains.get(order.chainId)
    if (!chain) {
      await settleOrder(session, {
        orderId: order.id,
        status: 'failed',
        reason: PAYOUT_FAILURES.networkGone,
        now: this.#now(),
      })
      return 'settled'
    }
    if (order.rawTx && order.txHash && order.txNonce !== null) {
      await this.#broadcast(chain, order.rawTx)
      const step = await this.#check(session, chain, order.id, order.txHash, order.txNonce)
      if (step !== 'resign') return step
    }
    return this.#signAndSend(session, chain, order)
  }

  /** Signs the transfer, stores it, broadcasts it and waits a little for its receipt. */
  async #signAndSend(
    session: IndexerSession,
    chain: ChainClient,
    order: StoredOrder,
  ): Promise<Step> {
    const { client } = chain
    const from = this.#treasury.address
    const recipient = order.address as Hex
    const call = order.tokenAddress
      ? {
          to: order.tokenAddress as Hex,
          value: 0n,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient, order.purchaseUnits],
          }),
        }
      : { to: recipient, value: order.purchaseUnits, data: undefined }
    const [fees, nonce, ether, tokens] = await Promise.all([
      client.estimateFeesPerGas(),
      client.getTransactionCount({ address: from, blockTag: 'pending' }),
      client.getBalance({ address: from }),
      order.tokenAddress
        ? client.readContract({
            address: order.tokenAddress as Hex,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [from],
          })
        : Promise.resolve(0n),
    ])
    const enoughTokens = !order.tokenAddress || tokens >= order.purchaseUnits
    const gas = enoughTokens
      ? await client.estimateGas({ account: from, ...call }).catch((error: unknown) => {
          // A node that did not answer is asked again at the next poll; a revert is final.
          if (error instanceof BaseError && error.walk(isTransportError) !== null) throw error
          return undefined
        })
      : undefined
    if (gas === undefined || ether < call.value + gas * fees.maxFeePerGas) {
      await settleOrder(session, {
        orderId: order.id,
        status: 'failed',
        reason: PAYOUT_FAILURES.treasuryEmpty,
        now: this.#now(),
      })
      return 'settled'
    }
    const rawTx = await this.#treasury.signTransaction({
      chainId: chain.config.chainId,
      type: 'eip1559',
      ...call,
      nonce,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    })
    const txHash = keccak256(rawTx)
    // Stored before it is sent: whatever happens next, a restart sends this one, not another.
    const stored = await storeSignedPayout(session, {
      orderId: order.id,
      previousTxHash: order.txHash,
      sender: from,
      nonce,
      rawTx,
      txHash,
      now: this.#now(),
    })
    if (!stored) return 'waiting'
    await this.#broadcast(chain, rawTx)
    failpoint(this.#options.failpoint, 'onramp-after-broadcast')
    const deadline = Date.now() + PAYOUT_RECEIPT_WAIT_MS
    for (;;) {
      const step = await this.#check(session, chain, order.id, txHash, nonce)
      if (step === 'resign' || (step === 'waiting' && Date.now() >= deadline)) return 'waiting'
      if (step === 'settled') return step
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /** Sends a signed transaction; a node that has it already (or mined it) is fine. */
  async #broadcast(chain: ChainClient, rawTx: Hex): Promise<void> {
    try {
      await chain.client.request({ method: 'eth_sendRawTransaction', params: [rawTx] })
    } catch (error) {
      const message = error instanceof BaseError ? error.details || error.message : String(error)
      if (!ALREADY_SENT.test(message) && !ALREADY_SENT.test(String(error))) throw error
    }
  }

  /**
   * Where a sent transfer is: settled by its receipt, still on its way, or never to land (its
   * nonce was used by another transaction and it has no receipt): sign again. The nonce is read
   * before the receipt, so a transfer mined between the two reads is seen by the second.
   */
  async #check(
    session: IndexerSession,
    chain: ChainClient,
    orderId: string,
    txHash: Hex,
    nonce: number,
  ): Promise<Step | 'resign'> {
    const used = await chain.client.getTransactionCount({
      address: this.#treasury.address,
      blockTag: 'latest',
    })
    const receipt = await chain.client
      .getTransactionReceipt({ hash: txHash })
      .catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return undefined
        throw error
      })
    if (receipt) {
      await settleOrder(
        session,
        receipt.status === 'success'
          ? { orderId, status: 'completed', txHash, now: this.#now() }
          : { orderId, status: 'failed', reason: PAYOUT_FAILURES.reverted, now: this.#now() },
      )
      return 'settled'
    }
    return used > nonce ? 'resign' : 'waiting'
  }
}
