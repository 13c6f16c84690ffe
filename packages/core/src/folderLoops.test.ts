import { describe, expect, it } from 'vitest'
import { findFolderLoops } from '../../../scripts/structure/importGraph.ts'

const everyImport = { lazy: true, typeOnly: true }

describe('loops between the core’s top-level folders', () => {
  it('one at most, of no more entries than it has now', () => {
    // Folders that import one another round cannot be read, tested or split one at a time. The
    // one loop left runs through chains/ (options re-export its network types, and the families'
    // deps name the embedded wallet and the rules) and the error classes displayMessage.ts reads
    // from api/, chains/ and swap/: it may shrink as those move, and must not grow.
    const loops = findFolderLoops(import.meta.dirname, everyImport)
    expect(loops.length).toBeLessThanOrEqual(1)
    expect(loops[0]?.length ?? 0).toBeLessThanOrEqual(22)
  })
})
