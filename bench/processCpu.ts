import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time of this process and every process below it, read from Linux's /proc: what each part
 * of the bench's stack (server instances, HAProxy, PostgreSQL, Redis, anvil) spent during a run.
 */
export type ProcessTimes = Map<number, { name: string; parent: number; cpuSeconds: number }>

/** The kernel's clock ticks a second, the unit of /proc's CPU times (100 on most Linux systems). */
const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces). */
export function parseStat(stat: string): { name: string; parent: number; cpuTicks: number } {
  const open = stat.indexOf('(')
  const close = stat.lastIndexOf(')')
  const name = stat.slice(open + 1, close)
  const fields = stat
    .slice(close + 2)
    .split(' ')
    .map((field) => Number(field))
  // After the name: state (0), ppid (1), ..., utime (11), stime (12).
  return { name, parent: fields[1] ?? 0, cpuTicks: (fields[11] ?? 0) + (fields[12] ?? 0) }
}

function readStat(pid: number) {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return undefined
  }
}

/** This process and its descendants with their CPU seconds so far; empty where /proc is absent. */
export function processTimes(root = process.pid): ProcessTimes {
  const all = new Map<number, { name: string; parent: number; cpuSeconds: number }>()
  let pids: number[]
  try {
    pids = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
  } catch {
    return all
  }
  for (const pid of pids) {
    const stat = readStat(pid)
    if (stat)
      all.set(pid, {
        name: stat.name,
        parent: stat.parent,
        cpuSeconds: stat.cpuTicks / CLOCK_TICKS_PER_SECOND,
      })
  }
  const below = new Set([root])
  // Parents before children is not guaranteed by pid order: repeat until nothing is added.
  for (let grew = true; grew; ) {
    grew = false
    for (const [pid, entry] of all)
      if (!below.has(pid) && below.has(entry.parent)) {
        below.add(pid)
        grew = true
      }
  }
  return new Map([...all].filter(([pid]) => below.has(pid)))
}

/**
 * Each group's share of one core between two snapshots (1 = one core busy the whole time); a
 * process is in the group `groupOf` names for it, and one that appeared between them counts in
 * full.
 */
export function cpuByGroup(
  before: ProcessTimes,
  after: ProcessTimes,
  seconds: number,
  groupOf: (pid: number, name: string) => string,
): Map<string, number> {
  const groups = new Map<string, number>()
  for (const [pid, entry] of after) {
    const spent = entry.cpuSeconds - (before.get(pid)?.cpuSeconds ?? 0)
    const group = groupOf(pid, entry.name)
    groups.set(group, (groups.get(group) ?? 0) + spent / seconds)
  }
  return groups
}

/** Busy CPU seconds of the whole machine so far, every process's (/proc/stat's first line). */
export function machineBusySeconds(): number {
  try {
    const [, ...fields] =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? []
    const ticks = fields.map(Number)
    // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
    const busy = ticks
      .slice(0, 8)
      .reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0)
    return busy / CLOCK_TICKS_PER_SECOND
  } catch {
    return Number.NaN
  }
}
