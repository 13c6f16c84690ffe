// The calls the approval screen reads for the user: ERC-20 approve and transfer, and Uniswap V2
// Router02's exact-input swaps (what the kit's Swap view sends). Read by hand from the ABI's
// fixed layout (32-byte words after the 4-byte selector): the frame bundles no ABI coder.

/** What a known call does; the screen words it. A native amount has no token. */
export type DecodedCall =
  | { kind: 'approve'; token: string; spender: string; amount: bigint }
  | { kind: 'transfer'; token: string; recipient: string; amount: bigint }
  | {
      kind: 'swap'
      router: string
      /** What is sold, exactly: a token, or the native coin (the call's value). */
      sell: { token?: string; amount: bigint }
      /** What is bought, at least. */
      buy: { token?: string; minimum: bigint }
      recipient: string
      /** Unix seconds after which the router refuses the swap. */
      deadline: bigint
    }

const SELECTORS = {
  approve: '0x095ea7b3',
  transfer: '0xa9059cbb',
  swapExactETHForTokens: '0x7ff36ab5',
  swapExactTokensForETH: '0x18cbafe5',
  swapExactTokensForTokens: '0x38ed1739',
} as const

const WORD = 64

/** The ABI words of call data after its selector, or undefined when it is not whole words. */
function wordsOf(data: string): string[] | undefined {
  const body = data.slice(10)
  if (body.length % WORD !== 0 || !/^[0-9a-fA-F]*$/.test(body)) return undefined
  return body.match(/.{64}/g) ?? []
}

const uint = (word: string | undefined) => (word === undefined ? undefined : BigInt(`0x${word}`))

/** An address word: 12 zero bytes then 20; anything else is not an address. */
function address(word: string | undefined): string | undefined {
  if (word === undefined || !/^0{24}/.test(word)) return undefined
  return `0x${word.slice(24)}`
}

/** The address[] at byte `offset` of the arguments (its length word, then the addresses). */
function addressArray(words: string[], offset: bigint | undefined): string[] | undefined {
  if (offset === undefined || offset % 32n !== 0n) return undefined
  const start = Number(offset / 32n)
  const length = uint(words[start])
  if (length === undefined || length > 8n || start + 1 + Number(length) > words.length)
    return undefined
  const items = words.slice(start + 1, start + 1 + Number(length)).map(address)
  return items.every((item) => item !== undefined) ? (items as string[]) : undefined
}

/**
 * What a call to `to` with `data` and `value` does, when it is one the screen knows; undefined
 * for any other call, or data that does not read as the function's arguments.
 * @example decodeCall({ to: usdc, data: '0xa9059cbb…' }) // { kind: 'transfer', token: usdc, … }
 */
export function decodeCall(call: {
  to: string
  data: string
  value: bigint
}): DecodedCall | undefined {
  const selector = call.data.slice(0, 10).toLowerCase()
  const words = wordsOf(call.data)
  if (!words) return undefined
  switch (selector) {
    case SELECTORS.approve:
    case SELECTORS.transfer: {
      const party = address(words[0])
      const amount = uint(words[1])
      if (words.length !== 2 || !party || amount === undefined) return undefined
      return selector === SELECTORS.approve
        ? { kind: 'approve', token: call.to, spender: party, amount }
        : { kind: 'transfer', token: call.to, recipient: party, amount }
    }
    case SELECTORS.swapExactETHForTokens: {
      const [minimum, pathOffset, recipient, deadline] = [
        uint(words[0]),
        uint(words[1]),
        address(words[2]),
        uint(words[3]),
      ]
      const path = addressArray(words, pathOffset)
      if (minimum === undefined || !path || path.length < 2 || !recipient || deadline === undefined)
        return undefined
      return {
        kind: 'swap',
        router: call.to,
        sell: { amount: call.value },
        buy: { token: path.at(-1), minimum },
        recipient,
        deadline,
      }
    }
    case SELECTORS.swapExactTokensForETH:
    case SELECTORS.swapExactTokensForTokens: {
      const [amount, minimum, pathOffset, recipient, deadline] = [
        uint(words[0]),
        uint(words[1]),
        uint(words[2]),
        address(words[3]),
        uint(words[4]),
      ]
      const path = addressArray(words, pathOffset)
      if (
        amount === undefined ||
        minimum === undefined ||
        !path ||
        path.length < 2 ||
        !recipient ||
        deadline === undefined
      )
        return undefined
      const toNative = selector === SELECTORS.swapExactTokensForETH
      return {
        kind: 'swap',
        router: call.to,
        sell: { token: path[0], amount },
        buy: toNative ? { minimum } : { token: path.at(-1), minimum },
        recipient,
        deadline,
      }
    }
    default:
      return undefined
  }
}
