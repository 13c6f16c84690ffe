/** One account's picture: a mirrored grid of cells in three colours, all drawn from its address. */
export type IdenticonPattern = {
  /** Rows of `size` cells: 0 background, 1 colour, 2 spot. */
  cells: number[][]
  background: string
  colour: string
  spot: string
}

export const IDENTICON_SIZE = 8

/** FNV-1a over the lower-cased address: the same account always gives the same seed. */
function seedOf(address: string): number {
  let hash = 0x811c9dc5
  for (const char of address.toLowerCase()) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** A small deterministic generator (a 32-bit xorshift): numbers in [0, 1). */
function generator(seed: number): () => number {
  let state = seed || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state / 2 ** 32
  }
}

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(hue)} ${Math.round(saturation)}% ${Math.round(lightness)}%)`

/**
 * The pattern of an address: the left half of each row drawn at random, the right half its mirror,
 * as people recognise faces; the colours a hue apart so the cells read on any theme.
 */
export function identiconPattern(address: string): IdenticonPattern {
  const next = generator(seedOf(address))
  const hue = next() * 360
  const colour = hsl(hue, 55 + next() * 30, 45 + next() * 15)
  const background = hsl((hue + 120 + next() * 120) % 360, 50 + next() * 30, 80 + next() * 10)
  const spot = hsl((hue + 180) % 360, 60 + next() * 30, 30 + next() * 15)
  const half = IDENTICON_SIZE / 2
  const cells = Array.from({ length: IDENTICON_SIZE }, () => {
    const left = Array.from({ length: half }, () => {
      const roll = next()
      return roll < 0.43 ? 0 : roll < 0.86 ? 1 : 2
    })
    return [...left, ...[...left].reverse()]
  })
  return { cells, background, colour, spot }
}
