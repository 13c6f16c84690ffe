import { parentPort, workerData } from 'node:worker_threads'
import { startSolanaDevnet } from './server.ts'
import type { SolanaThreadOptions } from './thread.ts'

// The Solana devnet on a thread of its own: litesvm and the RPC server load and run beside the
// EVM chains' start-up instead of before it, and the thread ends with the process that owns it.
const port = parentPort
if (!port) throw new Error('solana/worker.ts runs as a worker thread')
const options = workerData as SolanaThreadOptions

startSolanaDevnet({ ...options, log: (line) => port.postMessage({ log: line }) }).then(
  (devnet) => {
    port.on('message', (message) => {
      if (message === 'stop') devnet.stop().then(() => port.postMessage({ stopped: true }))
    })
    port.postMessage({
      ready: {
        caipNetworkId: devnet.caipNetworkId,
        genesisHash: devnet.chain.genesisHash,
        name: devnet.name,
        rpcUrl: devnet.rpcUrl,
        wsUrl: devnet.wsUrl,
        usdcMint: devnet.keys.usdcMint.address,
        accounts: devnet.keys.accounts.map(({ address, secretKey }) => ({ address, secretKey })),
      },
    })
  },
  (error: unknown) => {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) })
  },
)
