import { describe, expect, it } from 'vitest'
import { findImportCycles } from '../../../scripts/structure/importGraph.ts'

describe('import cycles', () => {
  it('none between the server’s files, counting lazy imports and type imports', () => {
    // A cycle, even of types alone, ties files a reader should understand one at a time: the
    // shared piece belongs in the module both import (errors.ts, constants.ts, a folder's types.ts).
    expect(findImportCycles(import.meta.dirname, { lazy: true, typeOnly: true })).toEqual([])
  })
})
