import { describe, expect, it } from 'vitest'
import { findFolderLoops, findImportCycles } from '../../../scripts/structure/importGraph.ts'

const everyImport = { lazy: true, typeOnly: true }

describe('import cycles', () => {
  it('none between the server’s files, counting lazy imports and type imports', () => {
    // A cycle, even of types alone, ties files a reader should understand one at a time: the
    // shared piece belongs in the module both import (errors.ts, constants.ts, a folder's types.ts).
    expect(findImportCycles(import.meta.dirname, everyImport)).toEqual([])
  })

  it('no loop between the server’s top-level folders: they form layers', () => {
    // Low pieces (errors, db, chains, prices, rate limits) under the chain families, the families
    // under the routes, the routes under the two apps and config.ts; a feature takes its own
    // config type from its folder, never config.ts, which only composes them.
    expect(findFolderLoops(import.meta.dirname, everyImport)).toEqual([])
  })
})
