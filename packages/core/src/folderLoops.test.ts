import { describe, expect, it } from 'vitest'
import { findFolderLoops } from '../../../scripts/structure/importGraph.ts'

const everyImport = { lazy: true, typeOnly: true }

describe('loops between the core’s top-level folders', () => {
  it('one at most, of no more entries than it has now', () => {
    // Folders that import one another round cannot be read, tested or split one at a time. Under
    // the loop the folders form layers (the store, errors, constants and the small shared types;
    // then storage, api, query, router, modal, snackbar, options, the account and sign-in). The one
    // loop left runs through chains/: its wiring and families name the connection, the embedded
    // wallet and the rules, which name chains' types back. It may shrink as those move, and must
    // not grow.
    const loops = findFolderLoops(import.meta.dirname, everyImport)
    expect(loops.length).toBeLessThanOrEqual(1)
    expect(loops[0]?.length ?? 0).toBeLessThanOrEqual(7)
  })
})
