import type { BrowserContext, Page } from '@playwright/test'
import { serializeError } from './errors.ts'

/** The icon a test wallet shows when the test gives none: an indigo square with an L. */
export const defaultIcon = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    '<rect width="32" height="32" rx="8" fill="#4f46e5"/>' +
    '<path d="M11 8v16h10" stroke="#fff" stroke-width="3" fill="none"/></svg>',
).toString('base64')}` as const

export function isPage(target: BrowserContext | Page): target is Page {
  return typeof (target as Page).goto === 'function'
}

/** The pages a wallet installed on `target` runs in. */
export function pagesOf(target: BrowserContext | Page): Page[] {
  return isPage(target) ? [target] : target.pages()
}

/** The origin a request came from; pages without one (about:blank, data:) are 'null'. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'null'
  }
}

/** A page half's call through the binding: a hello (state only), or a request to the wallet. */
type BridgeCall<Params> = { type: 'hello' } | { type: 'request'; method: string; params: Params }

/**
 * Node's answer to a page half's call: the wallet's state as `origin` sees it, with the request's
 * result or its error. A value that is no call of the bridge (`isCall` says) is an Invalid request.
 */
export async function answerBridge<State, Params>(
  core: {
    stateFor(origin: string): State
    handle(origin: string, method: string, params: Params): Promise<unknown>
  },
  origin: string,
  message: unknown,
  isCall: (value: unknown) => value is BridgeCall<Params>,
): Promise<{ state: State; result?: unknown; error?: ReturnType<typeof serializeError> }> {
  if (!isCall(message))
    return { state: core.stateFor(origin), error: { code: -32600, message: 'Invalid request' } }
  if (message.type === 'hello') return { state: core.stateFor(origin) }
  try {
    const result = await core.handle(origin, message.method, message.params)
    return { state: core.stateFor(origin), result }
  } catch (error) {
    return { state: core.stateFor(origin), error: serializeError(error) }
  }
}
