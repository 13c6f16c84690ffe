import type { CaipNetworkId, EsploraTxStatus, EsploraUtxo } from '@latch/protocol'
import { pathOf, ROUTES } from '@latch/protocol/routes'
import { HttpStatusError } from '../../api/client.ts'
import { SDK_TYPE, SDK_VERSION } from '../../constants.ts'

/** The reads and the broadcast a Bitcoin transfer needs, through the Latch server's gateway. */
export type EsploraGateway = {
  /** The address's unspent outputs, the mempool's included. */
  utxos(address: string): Promise<EsploraUtxo[]>
  /** Whether a transaction is mined yet. */
  status(txid: string): Promise<EsploraTxStatus>
  /** Broadcasts a signed transaction (hex); resolves with its txid. */
  broadcast(transactionHex: string): Promise<string>
}

/**
 * The server's Bitcoin gateway for one network: `GET /v1/esplora/<path>` and `POST /v1/esplora/tx`
 * with `?chainId=bip122:...`, answering as Esplora does. A refusal (the node's, said in plain words
 * by the server) is an HttpStatusError with the server's message.
 */
export function createEsploraGateway(options: {
  serverUrl: string
  projectId: string
  caipNetworkId: CaipNetworkId
  fetch?: typeof fetch
}): EsploraGateway {
  const fetchFn = options.fetch ?? fetch
  const call = async (method: 'GET' | 'POST', path: string, body?: string): Promise<string> => {
    const url = new URL(pathOf(ROUTES.esplora, { '*': path }), options.serverUrl)
    url.searchParams.set('chainId', options.caipNetworkId)
    url.searchParams.set('projectId', options.projectId)
    url.searchParams.set('st', SDK_TYPE)
    url.searchParams.set('sv', SDK_VERSION)
    const response = await fetchFn(url, {
      method,
      ...(body !== undefined ? { body, headers: { 'content-type': 'text/plain' } } : {}),
    })
    const text = await response.text()
    if (!response.ok) {
      let message: string | undefined
      try {
        message = (JSON.parse(text) as { message?: string }).message
      } catch {
        message = text.trim() || undefined
      }
      throw new HttpStatusError(response.status, message)
    }
    return text
  }
  return {
    utxos: async (address) =>
      JSON.parse(await call('GET', `address/${encodeURIComponent(address)}/utxo`)) as EsploraUtxo[],
    status: async (txid) => JSON.parse(await call('GET', `tx/${txid}/status`)) as EsploraTxStatus,
    broadcast: async (transactionHex) => (await call('POST', 'tx', transactionHex)).trim(),
  }
}
