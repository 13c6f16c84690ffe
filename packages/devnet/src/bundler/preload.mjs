// Loaded by node (--import) before alto's own entry module. Loading alto's modules takes about a
// second, so it happens while the devnet's chain is still being deployed; the run's arguments
// come later, as one JSON line on stdin, once the chain holds the contracts alto checks at start.
import net from 'node:net'
import { createInterface } from 'node:readline'

const { LATCH_ALTO_WARM: warm, LATCH_BUNDLER_HOST: host } = process.env

// Alto always listens on every interface (0.0.0.0); every devnet service stays on the host the
// devnet was given (loopback by default), so alto's listen call is pointed there.
if (host) {
  const listen = net.Server.prototype.listen
  net.Server.prototype.listen = function (...args) {
    const [options] = args
    if (options && typeof options === 'object' && options.host === '0.0.0.0') {
      args[0] = { ...options, host }
    }
    return listen.apply(this, args)
  }
}

// Alto's own parts, none of which starts its command line (that would parse the arguments now);
// a part a later alto lacks only costs the time it would have saved.
await Promise.all(JSON.parse(warm ?? '[]').map((module) => import(module).catch(() => {})))

const lines = createInterface({ input: process.stdin })
const line = await new Promise((resolve) => {
  lines.once('line', resolve)
  lines.once('close', () => resolve(undefined))
})
lines.close()
// The devnet stopped before its chain was ready: nothing to run.
if (line === undefined) process.exit(0)
process.argv.push(...JSON.parse(line))
