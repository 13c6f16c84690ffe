/** JSON-RPC 2.0 error codes the relay answers with. */
export const RpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
} as const

/** A request the relay answers with a JSON-RPC error instead of a result. */
export class RelayRpcError extends Error {
  override name = 'RelayRpcError'
  readonly code: number

  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

/**
 * A request id as the client sent it. An integer too long for a double (WalletConnect's ids
 * are up to 19 digits) is kept as its digits, so the answer carries exactly the same id.
 */
export type RpcId = string | number | { digits: string } | null

export type IncomingFrame =
  | { kind: 'request'; id: RpcId; method: string; params: unknown }
  | { kind: 'response'; id: RpcId; error?: { code: number; message: string } }

const BIG_ID_MARK = '\u0000'
// Quote long integer ids before JSON.parse rounds them.
const BIG_ID = /("id"\s*:\s*)(-?\d{16,})(?=\s*[,}])/g

function readId(value: unknown): RpcId {
  if (typeof value === 'string' && value.startsWith(BIG_ID_MARK)) return { digits: value.slice(1) }
  if (typeof value === 'string' || typeof value === 'number') return value
  return null
}

/** Parses one text frame; throws RelayRpcError (parse error / invalid request) when it is neither. */
export function parseFrame(text: string): IncomingFrame {
  let value: unknown
  try {
    // The mark goes in escaped: a raw control character is not valid inside a JSON string.
    value = JSON.parse(text.replace(BIG_ID, '$1"\\u0000$2"'))
  } catch {
    throw new RelayRpcError(RpcErrorCode.parseError, 'Parse error')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RelayRpcError(RpcErrorCode.invalidRequest, 'Invalid request: expected an object')
  }
  const frame = value as Record<string, unknown>
  const id = readId(frame.id)
  if (typeof frame.method === 'string') {
    return { kind: 'request', id, method: frame.method, params: frame.params }
  }
  if ('result' in frame || 'error' in frame) {
    const error = frame.error as { code?: unknown; message?: unknown } | undefined
    return error && typeof error === 'object'
      ? {
          kind: 'response',
          id,
          error: {
            code: typeof error.code === 'number' ? error.code : RpcErrorCode.internal,
            message: typeof error.message === 'string' ? error.message : '',
          },
        }
      : { kind: 'response', id }
  }
  throw new RelayRpcError(RpcErrorCode.invalidRequest, 'Invalid request: no method')
}

function idText(id: RpcId): string {
  return typeof id === 'object' && id !== null ? id.digits : JSON.stringify(id)
}

/** `{"id":…,"jsonrpc":"2.0","result":…}` with the id exactly as it came. */
export function formatResult(id: RpcId, result: unknown): string {
  return `{"id":${idText(id)},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

/** `{"id":…,"jsonrpc":"2.0","error":{code,message}}`; id null when the request could not be read. */
export function formatError(id: RpcId, error: { code: number; message: string }): string {
  const body = JSON.stringify({ code: error.code, message: error.message })
  return `{"id":${idText(id)},"jsonrpc":"2.0","error":${body}}`
}

/** A request from the relay to a client. */
export function formatRequest(id: number, method: string, params: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', method, params })
}
