/**
 * What a run's CPU figures say about capacity, whatever else the machine was doing: the CPU time
 * one request cost the server instances and the whole stack (servers, HAProxy, PostgreSQL, Redis,
 * the chains and the load generator), and from those the rate an idle machine could sustain.
 */
export type RunCpu = {
  requestsPerSecond: number
  /** Cores each group of processes used during the run, by group name. */
  cpu: ReadonlyMap<string, number>
}

/** The group of processes that are not the bench's: other work on the machine. */
export const REST_OF_MACHINE = 'rest of machine'

export function cpuPerRequest({ requestsPerSecond, cpu }: RunCpu): {
  /** CPU milliseconds the server instances spent per request. */
  serverMs: number
  /** CPU milliseconds every process of the bench spent per request. */
  stackMs: number
} {
  let server = 0
  let stack = 0
  for (const [group, cores] of cpu) {
    if (group === REST_OF_MACHINE) continue
    stack += cores
    if (group.startsWith('server ')) server += cores
  }
  return {
    serverMs: (server * 1000) / requestsPerSecond,
    stackMs: (stack * 1000) / requestsPerSecond,
  }
}

/**
 * Requests a second `instances` server instances could serve on an otherwise idle machine of
 * `cores` cores: each instance is one Node.js event loop, about one core, and everything the stack
 * runs shares the cores.
 */
export function capacityEstimate(options: {
  serverMs: number
  stackMs: number
  instances: number
  cores: number
}): number {
  const { serverMs, stackMs, instances, cores } = options
  return Math.min((instances * 1000) / serverMs, (cores * 1000) / stackMs)
}
