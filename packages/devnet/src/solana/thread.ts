import { Worker } from 'node:worker_threads'

export type SolanaThreadOptions = { host: string; port: number; mnemonic: string }

/** What the Solana devnet running on its own thread tells its owner. */
export type SolanaThread = {
  caipNetworkId: `solana:${string}`
  genesisHash: string
  name: string
  rpcUrl: string
  wsUrl: string
  usdcMint: string
  accounts: { address: string; secretKey: string }[]
  stop(): Promise<void>
}

type WorkerMessage =
  | { log: string }
  | { ready: Omit<SolanaThread, 'stop'> }
  | { error: string }
  | { stopped: true }

/**
 * Starts the Solana devnet on a worker thread (its modules load on another core while the anvil
 * chains boot); resolves once it listens, with its URLs, genesis hash and funded accounts.
 */
export function startSolanaThread(
  options: SolanaThreadOptions & { log?: (line: string) => void },
): Promise<SolanaThread> {
  const { log, ...data } = options
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: data })
  return new Promise((resolve, reject) => {
    let stopping: Promise<void> | undefined
    const stop = () => {
      stopping ??= new Promise<void>((done) => {
        const force = setTimeout(() => void worker.terminate().then(() => done()), 2_000)
        worker.once('exit', () => {
          clearTimeout(force)
          done()
        })
        worker.on('message', (message: WorkerMessage) => {
          if ('stopped' in message) void worker.terminate()
        })
        worker.postMessage('stop')
      })
      return stopping
    }
    worker.on('message', (message: WorkerMessage) => {
      if ('log' in message) log?.(message.log)
      else if ('ready' in message) resolve({ ...message.ready, stop })
      else if ('error' in message) {
        void worker.terminate()
        reject(new Error(`the Solana devnet did not start: ${message.error}`))
      }
    })
    worker.once('error', reject)
    worker.once('exit', (code) =>
      reject(new Error(`the Solana devnet thread exited with code ${code}`)),
    )
  })
}
