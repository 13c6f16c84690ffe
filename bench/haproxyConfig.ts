/**
 * An HAProxy configuration for the load bench: one HTTP frontend on loopback balancing the
 * server instances round robin, request by request over kept-alive connections, each instance
 * checked on /health so one that stops answering leaves the rotation. An instance that dies is
 * taken out by the first few requests that cannot reach it, and those requests, and any it died
 * before answering, are sent to another instance instead of failing: the production guide's
 * settings (docs/deployment.md).
 */
export type HaproxyBackend = { name: string; port: number }

export type HaproxyConfigOptions = {
  /** The port the frontend listens on, on 127.0.0.1. */
  port: number
  backends: readonly HaproxyBackend[]
  /** Connections HAProxy accepts at once: above the bench's largest connection count. */
  maxConnections: number
  /** How often each instance's /health is checked, in ms. */
  checkIntervalMs?: number
}

export function haproxyConfig({
  port,
  backends,
  maxConnections,
  checkIntervalMs = 2000,
}: HaproxyConfigOptions): string {
  if (backends.length === 0) throw new Error('HAProxy needs at least one server instance')
  return [
    'global',
    `  maxconn ${maxConnections}`,
    '',
    'defaults',
    '  mode http',
    `  maxconn ${maxConnections}`,
    '  timeout connect 5s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  option http-keep-alive',
    // The instances see the visitor's address in X-Forwarded-For (trusted only from this proxy).
    '  option forwardfor',
    '',
    'frontend latch',
    `  bind 127.0.0.1:${port}`,
    '  default_backend latch_servers',
    '',
    'backend latch_servers',
    '  balance roundrobin',
    '  option httpchk GET /health',
    '  http-check expect status 200',
    '  timeout check 2s',
    // Every retry goes to another instance; a request is retried when it could not reach its
    // instance, or its instance closed the connection without an answer (it died mid-way).
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    // Down after 3 connections in a row fail (on-error), or 2 failed checks, checked every 500 ms
    // once one fails; back after 2 good checks.
    `  default-server check inter ${checkIntervalMs} fastinter 500 downinter 1000 fall 2 rise 2 observe layer4 error-limit 3 on-error mark-down`,
    ...backends.map(({ name, port: serverPort }) => `  server ${name} 127.0.0.1:${serverPort}`),
    '',
  ].join('\n')
}
