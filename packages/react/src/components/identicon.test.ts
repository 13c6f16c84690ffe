import { describe, expect, it } from 'vitest'
import { IDENTICON_SIZE, identiconPattern } from './identicon.ts'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('identiconPattern', () => {
  it('gives an address the same picture every time, whatever its letter case', () => {
    expect(identiconPattern(ALICE)).toEqual(identiconPattern(ALICE))
    expect(identiconPattern(ALICE.toLowerCase())).toEqual(identiconPattern(ALICE))
  })

  it('gives two addresses different pictures', () => {
    const [alice, bob] = [identiconPattern(ALICE), identiconPattern(BOB)]
    expect(alice.cells).not.toEqual(bob.cells)
    expect(alice.colour).not.toBe(bob.colour)
  })

  it('draws a square grid whose rows are mirrored, in three colours', () => {
    const { cells, background, colour, spot } = identiconPattern(ALICE)
    expect(cells).toHaveLength(IDENTICON_SIZE)
    for (const row of cells) {
      expect(row).toHaveLength(IDENTICON_SIZE)
      expect(row).toEqual([...row].reverse())
      expect(row.every((cell) => cell === 0 || cell === 1 || cell === 2)).toBe(true)
    }
    expect(new Set([background, colour, spot]).size).toBe(3)
    for (const value of [background, colour, spot]) expect(value).toMatch(/^hsl\(\d+ \d+% \d+%\)$/)
  })
})
