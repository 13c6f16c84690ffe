import { displayHash, hex, internalHash, sha256d } from './bytes.ts'
import { HALVING_INTERVAL, INITIAL_SUBSIDY } from './constants.ts'
import { buildTransaction, type ParsedTransaction } from './transaction.ts'

/** The block subsidy at `height`: 50 BTC, halved every 150 blocks on regtest. */
export function blockSubsidy(height: number): bigint {
  const halvings = Math.floor(height / HALVING_INTERVAL)
  return halvings >= 64 ? 0n : INITIAL_SUBSIDY >> BigInt(halvings)
}

/** A height in a coinbase's scriptSig (BIP-34): a minimal script number push. */
function heightPush(height: number): number[] {
  if (height === 0) return [0]
  if (height <= 16) return [0x50 + height]
  const bytes: number[] = []
  for (let rest = height; rest > 0; rest >>= 8) bytes.push(rest & 0xff)
  if ((bytes[bytes.length - 1] as number) & 0x80) bytes.push(0)
  return [bytes.length, ...bytes]
}

/** The Merkle root of hashes in internal byte order; a lone hash is its own root. */
export function merkleRoot(hashes: Uint8Array[]): Uint8Array {
  if (hashes.length === 0) throw new Error('a Merkle tree needs a leaf')
  let level = hashes
  while (level.length > 1) {
    const next: Uint8Array[] = []
    for (let index = 0; index < level.length; index += 2) {
      const left = level[index] as Uint8Array
      const right = level[index + 1] ?? left
      const pair = new Uint8Array(64)
      pair.set(left)
      pair.set(right, 32)
      next.push(sha256d(pair))
    }
    level = next
  }
  return level[0] as Uint8Array
}

/** The 32 zero bytes a coinbase's witness holds and the commitment hashes in (BIP-141). */
const WITNESS_RESERVED = new Uint8Array(32)

/**
 * A block's coinbase: the height and a tag in its scriptSig, the payouts, and the commitment to
 * the block's witnesses (BIP-141; the coinbase's own wtxid counts as zero).
 */
export function buildCoinbase(
  height: number,
  payouts: { script: Uint8Array; amount: bigint }[],
  transactions: ParsedTransaction[],
): ParsedTransaction {
  const wtxids = [new Uint8Array(32), ...transactions.map((tx) => internalHash(tx.wtxid))]
  const witnessRoot = merkleRoot(wtxids)
  const commitment = sha256d(Uint8Array.from([...witnessRoot, ...WITNESS_RESERVED]))
  const commitmentScript = Uint8Array.from([0x6a, 0x24, 0xaa, 0x21, 0xa9, 0xed, ...commitment])
  const tag = [...new TextEncoder().encode('latch devnet')]
  return buildTransaction({
    version: 2,
    segwitFlag: true,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Uint8Array.from([...heightPush(height), tag.length, ...tag]),
        sequence: 0xffffffff,
      },
    ],
    outputs: [...payouts, { amount: 0n, script: commitmentScript }],
    witnesses: [[WITNESS_RESERVED]],
    lockTime: 0,
  })
}

export type BlockHeader = {
  version: number
  prevHash: string
  merkleRoot: string
  time: number
  bits: number
  nonce: number
}

export function serializeHeader(header: BlockHeader): Uint8Array {
  const bytes = new Uint8Array(80)
  const view = new DataView(bytes.buffer)
  view.setInt32(0, header.version, true)
  bytes.set(internalHash(header.prevHash), 4)
  bytes.set(internalHash(header.merkleRoot), 36)
  view.setUint32(68, header.time, true)
  view.setUint32(72, header.bits, true)
  view.setUint32(76, header.nonce, true)
  return bytes
}

/** The target a header hash must not exceed, from its compact `bits`. */
export function targetOf(bits: number): bigint {
  const exponent = bits >>> 24
  const mantissa = BigInt(bits & 0x007fffff)
  return exponent <= 3
    ? mantissa >> BigInt(8 * (3 - exponent))
    : mantissa << BigInt(8 * (exponent - 3))
}

/** Difficulty as explorers show it: difficulty 1's target over this one. */
export const difficultyOf = (bits: number): number =>
  Number(targetOf(0x1d00ffff)) / Number(targetOf(bits))

/** Finds a nonce whose header hash meets the target (regtest's needs two tries on average). */
export function mineHeader(header: Omit<BlockHeader, 'nonce'>): {
  header: BlockHeader
  hash: string
} {
  const target = targetOf(header.bits)
  for (let nonce = 0; nonce <= 0xffffffff; nonce++) {
    const candidate = { ...header, nonce }
    const hash = displayHash(sha256d(serializeHeader(candidate)))
    if (BigInt(`0x${hash}`) <= target) return { header: candidate, hash }
  }
  throw new Error('no nonce meets the target')
}

export const headerHex = (header: BlockHeader): string => hex.encode(serializeHeader(header))
