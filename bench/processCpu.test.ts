import { expect, it } from 'vitest'
import { cpuByGroup, parseStat, processTimes } from './processCpu.ts'

it("reads a process's parent and CPU ticks from /proc/<pid>/stat, a name with spaces and parentheses too", () => {
  const stat =
    '4242 (node (worker) 1) S 17 4242 17 0 -1 4194304 1200 0 0 0 350 125 0 0 20 0 11 0 9000 1000000 5000'
  expect(parseStat(stat)).toEqual({ name: 'node (worker) 1', parent: 17, cpuTicks: 475 })
})

it('sums each group share of a core between two snapshots, counting a new process in full', () => {
  const before = new Map([
    [10, { name: 'node', parent: 1, cpuSeconds: 4 }],
    [11, { name: 'postgres', parent: 10, cpuSeconds: 1 }],
  ])
  const after = new Map([
    [10, { name: 'node', parent: 1, cpuSeconds: 9 }],
    [11, { name: 'postgres', parent: 10, cpuSeconds: 2 }],
    [12, { name: 'postgres', parent: 11, cpuSeconds: 1 }],
  ])
  const groups = cpuByGroup(before, after, 10, (pid, name) => (pid === 10 ? 'server' : name))
  expect(Object.fromEntries(groups)).toEqual({ server: 0.5, postgres: 0.2 })
})

it('finds this process among its own descendants', () => {
  const times = processTimes()
  expect(times.get(process.pid)?.cpuSeconds).toBeGreaterThan(0)
})
