/**
 * What a node's reject reason means for the person sending, in words a form can show; the
 * node's own reason follows in brackets, for whoever debugs.
 */
const MEANINGS: [RegExp, string][] = [
  [/^dust$/, 'an output is below the dust limit'],
  [/^min relay fee not met/, 'the fee is below the minimum relay fee of 1 sat/vB'],
  [/^mempool min fee not met/, 'the fee is below what the node accepts now'],
  [/^bad-txns-inputs-missingorspent$/, 'a coin it spends is already spent or does not exist'],
  [
    /^txn-mempool-conflict$/,
    'a coin it spends is already spent by a transaction waiting to be mined',
  ],
  [/^insufficient fee/, 'its fee is too low to replace the waiting transaction it conflicts with'],
  [/script-verify-flag/, 'a signature does not verify for the coin it spends'],
  [/^bad-txns-in-belowout/, 'its outputs spend more than its inputs hold'],
  [/^bad-txns-premature-spend-of-coinbase/, 'it spends a mining reward before 100 confirmations'],
  [/^TX decode failed/, 'it is not a valid transaction'],
  [/^Fee exceeds maximum/, "its fee is above the node's maximum fee rate"],
  [/^Transaction outputs already in utxo set$/, 'it is already in the chain'],
  [/^non-final$|^non-BIP68-final$/, 'its time lock has not passed yet'],
]

/**
 * The message of a broadcast the node refused, from Esplora's answer
 * (`sendrawtransaction RPC error: {"code":-26,"message":"dust"}`): what it means, then the
 * node's reason. An answer of another shape is passed on as it is.
 */
export function nodeRefusalMessage(esploraText: string): string {
  const match = /^sendrawtransaction RPC error: (\{.*\})\s*$/s.exec(esploraText)
  let reason = esploraText.trim()
  if (match) {
    try {
      const error = JSON.parse(match[1] as string) as { message?: unknown }
      if (typeof error.message === 'string') reason = error.message
    } catch {
      // Not JSON after all: the text as it came.
    }
  }
  const meaning = MEANINGS.find(([pattern]) => pattern.test(reason))?.[1]
  return meaning
    ? `The Bitcoin node refused the transaction: ${meaning} (${reason})`
    : `The Bitcoin node refused the transaction: ${reason}`
}
