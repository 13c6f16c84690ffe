/**
 * Why the node refused a transaction, as Bitcoin Core's sendrawtransaction answers: an RPC error
 * code and its reject reason. Esplora relays it as the body of a 400.
 */
export class NodeRejection extends Error {
  override name = 'NodeRejection'
  constructor(
    /** -22 could not decode, -25 inputs missing or spent (or fee over the cap), -26 rejected by policy or consensus, -27 already in the chain. */
    readonly code: -22 | -25 | -26 | -27,
    readonly reason: string,
  ) {
    super(reason)
  }

  /** The text Esplora answers POST /tx with when the node refuses. */
  get esploraText(): string {
    return `sendrawtransaction RPC error: ${JSON.stringify({ code: this.code, message: this.reason })}`
  }
}

/** A policy or consensus refusal (RPC_VERIFY_REJECTED). */
export const rejected = (reason: string) => new NodeRejection(-26, reason)

/**
 * An amount as Bitcoin Core's FormatMoney writes it in reject reasons: BTC with 8 decimals,
 * trailing zeros trimmed down to 2 (`0.01`, `1.00`, `0.00012345`).
 */
export function formatMoney(sats: bigint): string {
  const negative = sats < 0n
  const magnitude = negative ? -sats : sats
  let decimals = (magnitude % 100_000_000n).toString().padStart(8, '0')
  while (decimals.length > 2 && decimals.endsWith('0')) decimals = decimals.slice(0, -1)
  return `${negative ? '-' : ''}${magnitude / 100_000_000n}.${decimals}`
}
