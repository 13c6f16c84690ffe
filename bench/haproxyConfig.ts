/**
 * An HAProxy configuration for the load bench: one HTTP frontend on loopback balancing the
 * server instances round robin, request by request over kept-alive connections, each instance
 * checked on /health so one that stops answering leaves the rotation.
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
    ...backends.map(
      ({ name, port: serverPort }) =>
        `  server ${name} 127.0.0.1:${serverPort} check inter ${checkIntervalMs}`,
    ),
    '',
  ].join('\n')
}
