// Keccak-256 (the pre-NIST padding Ethereum uses), only for EIP-55 checksums: the protocol
// package runs in the browser without viem, and an address is 40 bytes, so BigInt lanes suffice.

const MASK = (1n << 64n) - 1n
const RATE_BYTES = 136

const ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
]

/** Rotation of lane x + 5y. */
const ROTATIONS = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
].map(BigInt)

const rotateLeft = (lane: bigint, by: bigint): bigint =>
  by === 0n ? lane : ((lane << by) | (lane >> (64n - by))) & MASK

const lane = (state: bigint[], index: number): bigint => state[index] as bigint

function permute(state: bigint[]): void {
  for (const roundConstant of ROUND_CONSTANTS) {
    const columns = [0, 1, 2, 3, 4].map(
      (x) =>
        lane(state, x) ^
        lane(state, x + 5) ^
        lane(state, x + 10) ^
        lane(state, x + 15) ^
        lane(state, x + 20),
    )
    for (let x = 0; x < 5; x++) {
      const d = (columns[(x + 4) % 5] as bigint) ^ rotateLeft(columns[(x + 1) % 5] as bigint, 1n)
      for (let y = 0; y < 25; y += 5) state[x + y] = lane(state, x + y) ^ d
    }
    const moved: bigint[] = new Array(25).fill(0n)
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotateLeft(
          lane(state, x + 5 * y),
          ROTATIONS[x + 5 * y] as bigint,
        )
      }
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const next = lane(moved, ((x + 1) % 5) + y)
        const afterNext = lane(moved, ((x + 2) % 5) + y)
        state[x + y] = lane(moved, x + y) ^ (~next & MASK & afterNext)
      }
    }
    state[0] = lane(state, 0) ^ roundConstant
  }
}

/** Keccak-256 of `bytes`, as 32 bytes. */
export function keccak256(bytes: Uint8Array): Uint8Array {
  const padded = new Uint8Array(Math.ceil((bytes.length + 1) / RATE_BYTES) * RATE_BYTES)
  padded.set(bytes)
  padded[bytes.length] = (padded[bytes.length] as number) ^ 0x01
  padded[padded.length - 1] = (padded[padded.length - 1] as number) ^ 0x80
  const state: bigint[] = new Array(25).fill(0n)
  for (let offset = 0; offset < padded.length; offset += RATE_BYTES) {
    for (let index = 0; index < RATE_BYTES / 8; index++) {
      let value = 0n
      for (let byte = 7; byte >= 0; byte--) {
        value = (value << 8n) | BigInt(padded[offset + index * 8 + byte] as number)
      }
      state[index] = lane(state, index) ^ value
    }
    permute(state)
  }
  const out = new Uint8Array(32)
  for (let index = 0; index < 4; index++) {
    let value = lane(state, index)
    for (let byte = 0; byte < 8; byte++) {
      out[index * 8 + byte] = Number(value & 0xffn)
      value >>= 8n
    }
  }
  return out
}
