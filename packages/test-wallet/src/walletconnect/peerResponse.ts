import type { JsonRpcRecord } from '@walletconnect/types'
import { PeerRejectedError } from './errors.ts'
import type { OfflineSignClient } from './signClient.ts'
import { withTimeout } from './wait.ts'

/**
 * Runs `send`, which sends one `method` request on `topic`, and resolves once the peer has
 * answered it. sign-client's own `acknowledged()` (createDelayedPromise in @walletconnect/utils
 * 2.21.8) loses an answer that arrives before it is called, which over a fast relay it often does;
 * core's request history sees every answer, so this listens there, from before the send.
 */
export async function sendAndAwaitAnswer(
  client: OfflineSignClient,
  topic: string,
  method: string,
  send: () => Promise<unknown>,
  timeoutMs: number,
): Promise<void> {
  const { history } = client.core
  let requestId: number | undefined
  let answer: (response: JsonRpcRecord['response']) => void = () => {}
  const answered = new Promise<JsonRpcRecord['response']>((resolve) => {
    answer = resolve
  })
  const onCreated = (record: JsonRpcRecord) => {
    if (requestId === undefined && record.topic === topic && record.request.method === method) {
      requestId = record.id
    }
  }
  const onUpdated = (record: JsonRpcRecord) => {
    if (record.id === requestId) answer(record.response)
  }
  history.on('history_created', onCreated)
  history.on('history_updated', onUpdated)
  try {
    await send()
    const response = await withTimeout(answered, `the dapp to answer ${method}`, timeoutMs)
    if (response && 'error' in response) throw new PeerRejectedError(method, response.error)
  } finally {
    history.off('history_created', onCreated)
    history.off('history_updated', onUpdated)
  }
}
