import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

/** Every child (anvil, the bundlers) this process started and has not yet seen exit. */
const running = new Set<ChildProcess>()
let exitHookInstalled = false

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  // 'exit' handlers must be synchronous: a plain kill is.
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL')
  })
}

/** On Linux, `setpriv --pdeathsig` makes the kernel kill a child if this process dies abruptly. */
const setpriv =
  process.platform === 'linux'
    ? ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path))
    : undefined

/**
 * Spawns `command` so that it never outlives this process: killed when this process exits, and
 * by the kernel (on Linux) when it is killed outright.
 */
export function spawnChild(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): ChildProcess {
  const [file, fileArgs] = setpriv
    ? [setpriv, ['--pdeathsig', 'KILL', command, ...args]]
    : [command, args]
  installExitHook()
  const child = spawn(file, fileArgs, {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: false,
    ...(options.env ? { env: options.env } : {}),
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}
