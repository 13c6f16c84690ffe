import { HttpError } from '../../errors.ts'
import { requireBitcoinAddress } from './address.ts'
import type { BitcoinChainClient } from './clients.ts'

// The Esplora paths the Bitcoin gateway forwards: what a wallet page reads (an address's coins,
// history and sums, a transaction and its status, the tip, fee estimates). Each part is checked
// here, so a malformed one is a 400 with a message, never a call upstream. Left out: whole
// blocks' transactions and the mempool's listings, which cost a node far more than a page needs.

/** `A`: an address of the chain's network; `T`: a txid or block hash; `N`: a number. */
const TEMPLATES = [
  'address/A',
  'address/A/utxo',
  'address/A/txs',
  'address/A/txs/chain',
  'address/A/txs/chain/T',
  'address/A/txs/mempool',
  'tx/T',
  'tx/T/status',
  'tx/T/hex',
  'tx/T/outspends',
  'tx/T/outspend/N',
  'blocks/tip/height',
  'blocks/tip/hash',
  'block-height/N',
  'block/T',
  'block/T/status',
  'fee-estimates',
].map((template) => template.split('/'))

/** The paths, as the route's description lists them. */
export const GATEWAY_PATHS = TEMPLATES.map((parts) =>
  parts
    .map((part) =>
      part === 'A' ? ':address' : part === 'T' ? ':hash' : part === 'N' ? ':number' : part,
    )
    .join('/'),
)

/**
 * The upstream path (`/address/bc1.../utxo`) of a gateway path, every part checked: an address
 * of another network or malformed, a hash that is not 64 hex characters, a number that is not
 * one, and a path not on the list are each a 4xx naming what is wrong.
 */
export function upstreamPath(chain: BitcoinChainClient, path: string): string {
  const parts = path.split('/').filter((part) => part.length > 0)
  const template = TEMPLATES.find(
    (candidate) =>
      candidate.length === parts.length &&
      candidate.every((part, index) => ['A', 'T', 'N'].includes(part) || part === parts[index]),
  )
  if (!template)
    throw new HttpError(
      404,
      `No Esplora path /${parts.join('/')} on this gateway; it serves ${GATEWAY_PATHS.join(', ')}`,
    )
  template.forEach((kind, index) => {
    const part = parts[index] as string
    if (kind === 'A') requireBitcoinAddress(chain, part)
    if (kind === 'T' && !/^[0-9a-f]{64}$/.test(part))
      throw new HttpError(
        400,
        `Expected a txid or block hash (64 lower-case hex characters): ${part}`,
      )
    if (kind === 'N' && !/^\d{1,10}$/.test(part))
      throw new HttpError(400, `Expected a whole number: ${part}`)
  })
  return `/${parts.join('/')}`
}
