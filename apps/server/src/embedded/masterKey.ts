import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Where the master key comes from: WALLET_MASTER_KEY, or (development only) a file under DATA_DIR. */
export type MasterKeySource = { kind: 'env'; key: Buffer } | { kind: 'file'; path: string }

/** Bytes of the master key: an AES-256 key's worth. */
export const MASTER_KEY_BYTES = 32

const HEX_KEY = /^[0-9a-fA-F]{64}$/

/** Whether `value` is a master key as WALLET_MASTER_KEY takes it: 64 hex characters. */
export const isMasterKeyHex = (value: string): boolean => HEX_KEY.test(value)

/**
 * The master key of `source`. A file source is read, or created (mode 0600) with a random key and
 * a warning: a development convenience, never used in production (loadConfig refuses that).
 */
export function loadMasterKey(
  source: MasterKeySource,
  log: { warn(message: string): void },
): Buffer {
  if (source.kind === 'env') return source.key
  const existing = readKeyFile(source.path)
  if (existing) {
    log.warn(`WALLET_MASTER_KEY is not set: using the development key in ${source.path}`)
    return existing
  }
  mkdirSync(path.dirname(source.path), { recursive: true })
  try {
    // 'wx': two processes starting at once must not each write a key of their own.
    writeFileSync(source.path, `${randomBytes(MASTER_KEY_BYTES).toString('hex')}\n`, {
      mode: 0o600,
      flag: 'wx',
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const created = readKeyFile(source.path)
  if (!created) throw new Error(`${source.path} does not hold a 64-hex-character key`)
  log.warn(
    `WALLET_MASTER_KEY is not set: created a development key in ${source.path}; ` +
      'set WALLET_MASTER_KEY in production',
  )
  return created
}

function readKeyFile(file: string): Buffer | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if (!isMasterKeyHex(text)) throw new Error(`${file} does not hold a 64-hex-character key`)
  return Buffer.from(text, 'hex')
}
