import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { haproxyVersion } from './haproxy.ts'
import { haproxyConfig } from './haproxyConfig.ts'

const twoInstances = () =>
  haproxyConfig({
    port: 41000,
    backends: [
      { name: 'a', port: 41001 },
      { name: 'b', port: 41002 },
    ],
    maxConnections: 1000,
  })
const linesOf = (config: string) => config.split('\n').map((line) => line.trim())

it('balances every instance on loopback, each checked on /health', () => {
  const lines = linesOf(twoInstances())
  expect(lines).toContain('bind 127.0.0.1:41000')
  expect(lines).toContain('balance roundrobin')
  expect(lines).toContain('option httpchk GET /health')
  expect(lines).toContain('http-check expect status 200')
  expect(lines.filter((line) => line.startsWith('server '))).toEqual([
    'server a 127.0.0.1:41001',
    'server b 127.0.0.1:41002',
  ])
  expect(lines.find((line) => line.startsWith('default-server '))).toMatch(
    /^default-server check inter 2000 /,
  )
  expect(lines.filter((line) => line === 'maxconn 1000')).toHaveLength(2)
})

it('sends a request its instance cannot take, or died before answering, to another instance, and takes a dead instance out on its first failed connections', () => {
  const config = twoInstances()
  const lines = linesOf(config)
  expect(lines).toContain('option redispatch 1')
  expect(lines).toContain('retries 2')
  expect(lines).toContain('retry-on conn-failure empty-response')
  const server = lines.find((line) => line.startsWith('default-server ')) ?? ''
  for (const setting of [
    'fastinter 500',
    'fall 2',
    'rise 2',
    'observe layer4',
    'error-limit 3',
    'on-error mark-down',
  ])
    expect(server).toContain(setting)
  // The bench runs it with the HAProxy installed (Debian's 2.6): its own check of the syntax.
  if (!haproxyVersion()) return
  const dir = mkdtempSync(path.join(tmpdir(), 'latch-haproxy-'))
  try {
    const file = path.join(dir, 'haproxy.cfg')
    writeFileSync(file, config)
    const check = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' })
    expect(check.status, check.stderr).toBe(0)
    expect(check.stderr).not.toMatch(/WARNING/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

it('refuses a configuration with no instance', () => {
  expect(() => haproxyConfig({ port: 41000, backends: [], maxConnections: 10 })).toThrow(
    /at least one server instance/,
  )
})
