import { availableParallelism, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { HAPROXY_MISSING, type Haproxy, haproxyVersion, startHaproxy } from './haproxy.ts'
import { capacityEstimate, cpuPerRequest, REST_OF_MACHINE } from './loadCapacity.ts'
import { callShares, forVisitor, type PageCall, pageCalls } from './loadMix.ts'
import {
  advisoryLocksByInstance,
  BENCH_RPC_RATE_LIMIT,
  type LoadStack,
  type ServerInstance,
  startLoadStack,
} from './loadStack.ts'
import { cpuByGroup, machineBusySeconds, processTimes } from './processCpu.ts'

/**
 * `npm run bench:load -w @latch/bench -- [--duration 10] [--warmup 3] [--connections 50,200]
 * [--setups direct,haproxy-1,haproxy-2] [--visitors 200] [--rounds 1] [--kill-after <s>]`: a page's
 * mixed calls (loadMix.ts) at each connection count against one server instance directly, then one
 * and two instances behind HAProxy, all sharing one PostgreSQL and one Redis; prints requests/s,
 * p50, p99, non-2xx and errors per setup, and the CPU each process of the stack spent, beside the
 * machine's load. With `--kill-after`, one run of two instances behind HAProxy (`--setups
 * haproxy-2`, one connection count) in which instance b is killed with SIGKILL that many seconds
 * in: what visitors see of an instance dying, the requests that failed of those sent.
 */
const SETUPS = ['direct', 'haproxy-1', 'haproxy-2'] as const
type Setup = (typeof SETUPS)[number]

const PROJECT_ID = 'latch-dev'
/** How long the instances' CPU is read with no traffic, before the runs. */
const IDLE_SECONDS = 5
/** The page's origin, as a browser sends it: the dev project allows localhost. */
const PAGE_ORIGIN = 'http://localhost:5173'

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50,200' },
    setups: { type: 'string', default: SETUPS.join(',') },
    visitors: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '1' },
    'kill-after': { type: 'string' },
  },
})
const positive = (name: string, value: string) => {
  const number = Number(value)
  if (!Number.isFinite(number) || number <= 0) {
    console.error(`--${name} must be a positive number, not ${value}`)
    process.exit(2)
  }
  return number
}
const duration = positive('duration', options.duration)
const warmup = Number(options.warmup)
const connectionCounts = options.connections.split(',').map((each) => positive('connections', each))
const visitorCount = Math.round(positive('visitors', options.visitors))
const rounds = Math.round(positive('rounds', options.rounds))
const setups = options.setups.split(',').map((each) => {
  if (!(SETUPS as readonly string[]).includes(each)) {
    console.error(`--setups takes ${SETUPS.join(', ')}; not ${each}`)
    process.exit(2)
  }
  return each as Setup
})

const killAfter =
  options['kill-after'] === undefined ? undefined : positive('kill-after', options['kill-after'])
if (
  killAfter !== undefined &&
  (setups.join() !== 'haproxy-2' ||
    connectionCounts.length !== 1 ||
    rounds !== 1 ||
    killAfter >= duration)
) {
  console.error(
    '--kill-after kills an instance in one run: it takes --setups haproxy-2, one --connections count, one round, and fewer seconds than --duration',
  )
  process.exit(2)
}

const haproxyNeeded = setups.some((setup) => setup !== 'direct')
const haproxy = haproxyNeeded ? haproxyVersion() : undefined
if (haproxyNeeded && !haproxy) {
  console.error(HAPROXY_MISSING)
  process.exit(1)
}

type Figures = {
  round: number
  setup: string
  connections: number
  requestsPerSecond: number
  p50: number
  p99: number
  /** Requests answered or failed in the run. */
  sent: number
  non2xx: number
  errors: number
  load: number
  /** Non-2xx answers by route and status, to say which call failed. */
  failures: Map<string, number>
  cpu: Map<string, number>
}

/** Each connection visits pages in turn, each page for the next visitor of the pool. */
function pageRequests(calls: PageCall[], visitors: string[], failures: Map<string, number>) {
  let nextVisitor = 0
  return calls.map((call, index) => ({
    method: call.method,
    path: call.path,
    headers: {
      origin: PAGE_ORIGIN,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(call.body === undefined ? {} : { body: call.body }),
    setupRequest: (request: autocannon.Request, context: object) => {
      // autocannon keeps one context per connection: the page's visitor, picked by its first call.
      const page = context as { visitor?: string }
      if (index === 0) page.visitor = visitors[nextVisitor++ % visitors.length]
      const visited = forVisitor(call, String(page.visitor))
      return { ...request, path: visited.path, ...(visited.body ? { body: visited.body } : {}) }
    },
    onResponse: (status: number) => {
      if (status < 200 || status > 299) {
        const key = `${call.name} ${status}`
        failures.set(key, (failures.get(key) ?? 0) + 1)
      }
    },
  }))
}

async function measure(
  round: number,
  setup: string,
  url: string,
  connections: number,
  calls: PageCall[],
  visitors: string[],
  groupOf: (pid: number, name: string) => string,
  /** Called as the measured run starts (after the warm-up). */
  onStart?: () => void,
): Promise<Figures> {
  if (warmup > 0)
    await autocannon({
      url,
      connections,
      duration: warmup,
      requests: pageRequests(calls, visitors, new Map()),
    })
  const failures = new Map<string, number>()
  const load = loadavg()[0] ?? Number.NaN
  const before = processTimes()
  const machineBefore = machineBusySeconds()
  const started = performance.now()
  const running = autocannon({
    url,
    connections,
    duration,
    requests: pageRequests(calls, visitors, failures),
  })
  onStart?.()
  const result = await running
  const seconds = (performance.now() - started) / 1000
  const cpu = cpuByGroup(before, processTimes(), seconds, groupOf)
  const ours = [...cpu.values()].reduce((sum, value) => sum + value, 0)
  cpu.set(REST_OF_MACHINE, (machineBusySeconds() - machineBefore) / seconds - ours)
  return {
    round,
    setup,
    connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    sent: result.requests.total + result.errors,
    non2xx: result.non2xx,
    // autocannon counts a timed-out request among its errors.
    errors: result.errors,
    load,
    failures,
    cpu,
  }
}

function median(values: number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return undefined
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? sorted[middle]
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ')
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  )
}

const CPU_GROUPS = [
  'server a',
  'server b',
  'haproxy',
  'postgres',
  'redis',
  'anvil',
  'bench (autocannon)',
  'devnet other',
  REST_OF_MACHINE,
]

function groupOfProcess(instances: ServerInstance[], proxy: () => Haproxy | undefined) {
  return (pid: number, name: string): string => {
    const instance = instances.find((each) => each.pid === pid)
    if (instance) return `server ${instance.name}`
    if (pid === proxy()?.pid || name === 'haproxy') return 'haproxy'
    if (name === 'postgres') return 'postgres'
    if (name.startsWith('redis')) return 'redis'
    if (name === 'anvil') return 'anvil'
    if (pid === process.pid) return 'bench (autocannon)'
    return 'devnet other'
  }
}

const cores = availableParallelism()
console.log(
  `load bench: ${duration} s a run after ${warmup} s of warm-up, ${connectionCounts.join(' and ')} connections, ${rounds} round${rounds > 1 ? 's' : ''}, ` +
    `setups ${setups.join(', ')}; ${cores} cores, Node ${process.version}${haproxy ? `, ${haproxy}` : ''}`,
)
console.log(
  `load average at start (1, 5, 15 min): ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`,
)
const stack: LoadStack = await startLoadStack(setups.includes('haproxy-2') ? 2 : 1)
let proxy: Haproxy | undefined
try {
  const chainIds = stack.devnet.manifest.chains.map((chain) => chain.chainId)
  const calls = pageCalls({ projectId: PROJECT_ID, evmChainIds: chainIds })
  const visitors = [
    ...stack.devnet.manifest.accounts.map((account) => account.address),
    ...Array.from(
      { length: Math.max(0, visitorCount - stack.devnet.manifest.accounts.length) },
      () => privateKeyToAccount(generatePrivateKey()).address,
    ),
  ].slice(0, visitorCount)
  const shares = Object.entries(callShares(calls))
    .map(([name, count]) => `${name} ${count}`)
    .join(', ')
  console.log(
    `a page visit: ${calls.length} calls (${shares}), each page for the next of ${visitors.length} visitors ` +
      `(the devnet's ${stack.devnet.manifest.accounts.length} funded accounts first, then fresh addresses)`,
  )
  console.log(
    `rate limits: the gateway allows project ${PROJECT_ID} ${BENCH_RPC_RATE_LIMIT} calls/s (RPC_RATE_LIMIT) on every instance, ` +
      'so a 429 is never what is measured; no other route called here is rate limited',
  )
  const locks = await advisoryLocksByInstance(stack.postgresUrl, stack.instances)
  console.log(
    `instances ${stack.instances.map((instance) => `${instance.name} (pid ${instance.pid})`).join(', ')} share PostgreSQL ` +
      `and Redis; advisory locks held (indexers, payout worker): ${
        [...locks].map(([name, count]) => `${name} ${count}`).join(', ') || 'none'
      }`,
  )
  const groupOf = groupOfProcess(stack.instances, () => proxy)
  // What the instances spend with no traffic (the indexer, the standby's lock retries, HAProxy's
  // health checks later): a fixed cost that two instances pay twice.
  const idleBefore = processTimes()
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000))
  const idle = cpuByGroup(idleBefore, processTimes(), IDLE_SECONDS, groupOf)
  console.log(
    `with no traffic for ${IDLE_SECONDS} s: ${stack.instances
      .map(
        (instance) =>
          `server ${instance.name} ${(idle.get(`server ${instance.name}`) ?? 0).toFixed(3)}`,
      )
      .join(', ')} cores`,
  )
  // Every instance's first traffic (compiling its routes, filling the caches) before any run, so
  // the first setup measured does not pay for it alone.
  if (warmup > 0)
    for (const instance of stack.instances)
      await autocannon({
        url: instance.url,
        connections: Math.min(...connectionCounts),
        duration: warmup * 2,
        requests: pageRequests(calls, visitors, new Map()),
      })
  const figures: Figures[] = []
  // Rounds repeat every setup in turn, so a burst of other work on the machine hits one round of
  // each rather than all of one setup's runs.
  for (let round = 1; round <= rounds; round++)
    for (const connections of connectionCounts) {
      for (const setup of setups) {
        const [first] = stack.instances
        if (!first) throw new Error('no server instance')
        let url = first.url
        if (setup !== 'direct') {
          const backends = setup === 'haproxy-1' ? [first] : stack.instances
          proxy = await startHaproxy({
            dir: stack.scratch,
            backends: backends.map(({ name, port }) => ({ name, port })),
            maxConnections: Math.max(...connectionCounts) * 2 + 100,
          })
          url = proxy.url
        }
        try {
          const label =
            setup === 'direct'
              ? '1 instance, direct'
              : `${setup.slice(-1)} instance${setup === 'haproxy-2' ? 's' : ''}, HAProxy`
          const victim = stack.instances[1]
          const kill =
            killAfter === undefined || !victim
              ? undefined
              : () => {
                  setTimeout(() => process.kill(victim.pid, 'SIGKILL'), killAfter * 1000)
                }
          const measured = await measure(
            round,
            label,
            url,
            connections,
            calls,
            visitors,
            groupOf,
            kill,
          )
          figures.push(measured)
          console.log(
            `  ${rounds > 1 ? `round ${round}, ` : ''}${label}, ${connections} connections: ${measured.requestsPerSecond.toFixed(0)} requests/s (load average ${measured.load.toFixed(2)})`,
          )
        } finally {
          await proxy?.stop()
          proxy = undefined
        }
      }
    }
  const figure = (value: number, digits = 0) =>
    Number.isFinite(value) ? value.toFixed(digits) : '-'
  console.log(
    `\n${table(
      [
        'round',
        'setup',
        'connections',
        'requests/s',
        'p50 ms',
        'p99 ms',
        'non-2xx',
        'errors',
        'load avg 1 min',
      ],
      figures.map((each) => [
        String(each.round),
        each.setup,
        String(each.connections),
        figure(each.requestsPerSecond),
        figure(each.p50, 1),
        figure(each.p99, 1),
        String(each.non2xx),
        String(each.errors),
        figure(each.load, 2),
      ]),
    )}`,
  )
  console.log(`\nCPU per process during each run, in cores (${cores} on this machine):`)
  console.log(
    table(
      [
        'round',
        'setup',
        'connections',
        ...CPU_GROUPS,
        'server CPU ms/request',
        'stack CPU ms/request',
      ],
      figures.map((each) => {
        const cost = cpuPerRequest(each)
        return [
          String(each.round),
          each.setup,
          String(each.connections),
          ...CPU_GROUPS.map((group) => figure(each.cpu.get(group) ?? 0, 2)),
          figure(cost.serverMs, 3),
          figure(cost.stackMs, 3),
        ]
      }),
    ),
  )
  for (const connections of connectionCounts) {
    const rate = (setup: string) =>
      median(
        figures
          .filter((each) => each.setup === setup && each.connections === connections)
          .map((each) => each.requestsPerSecond),
      )
    const one = rate('1 instance, HAProxy')
    const two = rate('2 instances, HAProxy')
    if (one && two)
      console.log(
        `${connections} connections: two instances serve ${(two / one).toFixed(2)}x one instance behind HAProxy` +
          (rounds > 1 ? ` (medians of ${rounds} rounds)` : ''),
      )
  }
  // What the CPU a request cost says, whatever else ran: each setup's ceiling on these cores left
  // idle, from its own runs' costs (two instances may cost more a request than one).
  const ceilings = (['1 instance, HAProxy', '2 instances, HAProxy'] as const).map(
    (setup, index) => {
      const runs = figures.filter((each) => each.setup === setup).map(cpuPerRequest)
      const serverMs = median(runs.map((cost) => cost.serverMs))
      const stackMs = median(runs.map((cost) => cost.stackMs))
      if (!serverMs || !stackMs) return undefined
      const instances = index + 1
      const ceiling = capacityEstimate({ serverMs, stackMs, instances, cores })
      const bound =
        ceiling < (instances * 1000) / serverMs - 1
          ? `the ${cores} cores the whole stack shares`
          : `a core per instance`
      console.log(
        `${setup}: ${serverMs.toFixed(3)} CPU ms a request in the servers, ${stackMs.toFixed(3)} in the whole stack (medians); ` +
          `on these ${cores} cores left idle, about ${ceiling.toFixed(0)} requests/s, bound by ${bound}`,
      )
      return ceiling
    },
  )
  const [oneCeiling, twoCeiling] = ceilings
  if (oneCeiling && twoCeiling)
    console.log(
      `estimated ratio of two instances to one on an idle machine like this one: ${(twoCeiling / oneCeiling).toFixed(2)}x`,
    )
  for (const each of killAfter === undefined ? [] : figures)
    console.log(
      `instance b killed with SIGKILL ${killAfter} s into the ${duration} s run: ` +
        `${each.non2xx + each.errors} of ${each.sent} requests failed (${each.non2xx} non-2xx, ${each.errors} errors)`,
    )
  for (const each of figures.filter((figured) => figured.failures.size > 0))
    console.log(
      `non-2xx in ${each.setup}, ${each.connections} connections: ${[...each.failures]
        .map(([key, count]) => `${key} x${count}`)
        .join(', ')}`,
    )
} finally {
  await proxy?.stop()
  await stack.stop()
}
