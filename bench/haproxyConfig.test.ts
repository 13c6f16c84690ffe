import { expect, it } from 'vitest'
import { haproxyConfig } from './haproxyConfig.ts'

it('balances every instance on loopback, each checked on /health', () => {
  const config = haproxyConfig({
    port: 41000,
    backends: [
      { name: 'a', port: 41001 },
      { name: 'b', port: 41002 },
    ],
    maxConnections: 1000,
  })
  const lines = config.split('\n').map((line) => line.trim())
  expect(lines).toContain('bind 127.0.0.1:41000')
  expect(lines).toContain('balance roundrobin')
  expect(lines).toContain('option httpchk GET /health')
  expect(lines.filter((line) => line.startsWith('server '))).toEqual([
    'server a 127.0.0.1:41001 check inter 2000',
    'server b 127.0.0.1:41002 check inter 2000',
  ])
  expect(lines.filter((line) => line === 'maxconn 1000')).toHaveLength(2)
})

it('refuses a configuration with no instance', () => {
  expect(() => haproxyConfig({ port: 41000, backends: [], maxConnections: 10 })).toThrow(
    /at least one server instance/,
  )
})
