/** One JSON-RPC call over HTTP to the chain (chopsticks answers POSTs on its WebSocket port). */
export async function polkadotRpc<T>(
  httpUrl: string,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const response = await fetch(httpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}
