/** The methods whose first param is a transaction or batch with an optional `from`. */
const SENDING_METHODS = ['eth_sendTransaction', 'wallet_sendCalls']

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

/**
 * The account an EVM signing call names: personal_sign's address, eth_signTypedData_v4's, the
 * `from` of a transaction or batch; undefined when it names none.
 */
export function namedAccount(method: string, params: unknown): string | undefined {
  const list = Array.isArray(params) ? params : []
  const named =
    method === 'personal_sign'
      ? list[1]
      : method === 'eth_signTypedData_v4'
        ? list[0]
        : SENDING_METHODS.includes(method)
          ? asRecord(list[0])?.from
          : undefined
  return typeof named === 'string' ? named : undefined
}

/**
 * The params with the active account as the sender of a transaction or batch that names none:
 * the server signs as whichever account a call names (the smart account or the owner EOA), so
 * an unnamed sender would otherwise be the EOA whatever the user chose.
 */
export function withSender(method: string, params: unknown, active: `0x${string}`): unknown {
  if (!SENDING_METHODS.includes(method) || !Array.isArray(params)) return params
  const [first, ...rest] = params
  const record = asRecord(first)
  if (!record || record.from !== undefined) return params
  return [{ ...record, from: active }, ...rest]
}
