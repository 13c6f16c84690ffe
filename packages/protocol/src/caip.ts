/** A CAIP-2 network id such as `eip155:31337`: exactly two non-empty colon-separated parts. */
export type CaipNetworkId = `${string}:${string}`
/** A CAIP-10 account id such as `eip155:31337:0xabc...`: exactly three non-empty parts. */
export type CaipAddress = `${string}:${string}:${string}`

function parts(value: string, count: number): string[] | undefined {
  const split = value.split(':')
  return split.length === count && split.every((part) => part.length > 0) ? split : undefined
}

export function isCaipNetworkId(value: string): value is CaipNetworkId {
  return parts(value, 2) !== undefined
}

export function isCaipAddress(value: string): value is CaipAddress {
  return parts(value, 3) !== undefined
}

/** Splits a CAIP-10 account id into namespace, chain reference and address. */
export function parseCaipAddress(value: string): {
  namespace: string
  reference: string
  address: string
} {
  const split = parts(value, 3)
  if (!split) throw new Error(`Invalid CAIP-10 address: ${value}`)
  const [namespace, reference, address] = split as [string, string, string]
  return { namespace, reference, address }
}

/** Splits a CAIP-2 network id into namespace and chain reference. */
export function parseCaipNetworkId(value: string): { namespace: string; reference: string } {
  const split = parts(value, 2)
  if (!split) throw new Error(`Invalid CAIP-2 network id: ${value}`)
  const [namespace, reference] = split as [string, string]
  return { namespace, reference }
}

export function eip155NetworkId(chainId: number): CaipNetworkId {
  return `eip155:${chainId}`
}
