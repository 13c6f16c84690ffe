import type { WebSocket } from 'ws'
import type { SolanaChain } from './chain.ts'
import { accountEncoding, encodeAccount } from './encodeAccount.ts'
import { invalidParams } from './errors.ts'
import { stringifyWithBigInts } from './json.ts'
import type { Methods } from './methods.ts'
import { configParam, pubkeyParam, requireParams, signatureParam, usizeParam } from './params.ts'
import type { TransactionRecord } from './records.ts'
import { answerBody } from './rpc.ts'

let nextSubscriptionId = 0

type Slot = { parent: number; slot: number; root: number }

/**
 * The WebSocket side of one connection: signatureSubscribe, accountSubscribe and slotSubscribe
 * (and their unsubscribes), sending notifications in the shapes a node sends them.
 */
export function serveSubscriptions(socket: WebSocket, chain: SolanaChain): void {
  const active = new Map<number, { kind: string; stop: () => void }>()
  const send = (value: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(stringifyWithBigInts(value))
  }
  const notify = (method: string, subscription: number, result: unknown) =>
    send({ jsonrpc: '2.0', method, params: { result, subscription } })
  const listen = <T>(event: string, handler: (value: T) => void) => {
    chain.events.on(event, handler)
    return () => chain.events.off(event, handler)
  }
  const add = (kind: string, start: (id: number) => () => void) => {
    nextSubscriptionId += 1
    const id = nextSubscriptionId
    active.set(id, { kind, stop: start(id) })
    return id
  }
  const remove = (kind: string) => (params: unknown[]) => {
    requireParams(params, 1)
    const id = usizeParam(params[0])
    const entry = active.get(id)
    if (!entry || entry.kind !== kind) throw invalidParams('Invalid subscription id.')
    entry.stop()
    active.delete(id)
    return true
  }

  const methods: Methods = {
    signatureSubscribe(params) {
      requireParams(params, 1)
      const signature = signatureParam(params[0])
      configParam(params, 1, chain)
      return add('signature', (id) => {
        const settle = (record: TransactionRecord) => {
          notify('signatureNotification', id, {
            context: { slot: record.slot },
            value: { err: record.err },
          })
          // A signature subscription ends with its one notification, as on a node.
          active.get(id)?.stop()
          active.delete(id)
        }
        const landed = chain.transaction(signature)
        if (landed) {
          // Answered after the subscription id, which the caller reads first.
          setImmediate(() => settle(landed))
          return () => {}
        }
        return listen<TransactionRecord>('transaction', (record) => {
          if (record.signature === signature) settle(record)
        })
      })
    },

    accountSubscribe(params) {
      requireParams(params, 1)
      const key = pubkeyParam(params[0])
      const config = configParam(params, 1, chain)
      const encoding = accountEncoding(
        config.encoding === undefined ? { encoding: 'base64' } : config,
      )
      return add('account', (id) =>
        listen<TransactionRecord>('transaction', (record) => {
          const index = record.accountKeys.indexOf(key)
          if (index === -1 || record.preBalances[index] === undefined) return
          const account = chain.account(key)
          const value = account
            ? encodeAccount(chain, account, encoding, config)
            : {
                data: ['', 'base64'],
                executable: false,
                lamports: 0,
                owner: '11111111111111111111111111111111',
                rentEpoch: 0,
                space: 0,
              }
          notify('accountNotification', id, { context: { slot: record.slot }, value })
        }),
      )
    },

    slotSubscribe() {
      return add('slot', (id) =>
        listen<Slot>('slot', (slot) => notify('slotNotification', id, slot)),
      )
    },

    signatureUnsubscribe: remove('signature'),
    accountUnsubscribe: remove('account'),
    slotUnsubscribe: remove('slot'),
  }

  socket.on('message', async (data) => {
    send(await answerBody(data.toString(), methods, chain))
  })
  socket.on('close', () => {
    for (const entry of active.values()) entry.stop()
    active.clear()
  })
}
