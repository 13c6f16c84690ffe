/**
 * Run by devnet.test.ts in a child process: starts a devnet on free ports, prints the pids of its
 * anvil nodes and bundlers as one JSON line, then either exits at once (`exit`) or waits to be
 * killed (`wait`).
 */
import { startDevnet } from './index.ts'

const [mode, manifestPath] = process.argv.slice(2)
const devnet = await startDevnet({ ports: [0, 0], relayPort: 0, manifestPath })
process.stdout.write(`${JSON.stringify([...devnet.pids, ...devnet.bundlerPids])}\n`)
if (mode === 'exit') process.exit(0)
setInterval(() => {}, 60_000)
