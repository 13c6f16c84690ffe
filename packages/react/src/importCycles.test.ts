import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findFolderLoops, findImportCycles } from '../../../scripts/structure/importGraph.ts'

const here = import.meta.dirname
const everyImport = { lazy: true, typeOnly: true }

describe('import cycles', () => {
  it('none in the React package, counting lazy views and type imports', () => {
    expect(findImportCycles(here, everyImport)).toEqual([])
  })

  it('none in the core package, counting lazy imports and type imports', () => {
    // A type cycle is no evaluation-order hazard, but it ties modules the reader should find
    // apart: the shared types live in the module that owns them (a folder's types.ts).
    expect(findImportCycles(join(here, '../../core/src'), everyImport)).toEqual([])
  })

  // Folders that import one another round cannot be read one at a time: each package's folders
  // form layers (React: i18n and hooks under components, under views, under the modal).
  it.each([
    ['React', here],
    ['wallet frame', join(here, '../../wallet-frame/src')],
    ['protocol', join(here, '../../protocol/src')],
  ])('no loop between the %s package’s top-level folders', (_name, dir) => {
    expect(findFolderLoops(dir, everyImport)).toEqual([])
  })

  it('finds and names a cycle, through a lazy import and an extensionless specifier too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'latch-cycles-'))
    try {
      mkdirSync(join(dir, 'views'))
      writeFileSync(join(dir, 'provider.tsx'), "import { modal } from './modal.ts'\n")
      writeFileSync(join(dir, 'modal.ts'), "export const modal = () => import('./views/View')\n")
      writeFileSync(join(dir, 'views/View.tsx'), "import { provider } from '../provider.tsx'\n")
      writeFileSync(join(dir, 'leaf.ts'), "import type { T } from './leaf2.ts'\n")
      writeFileSync(join(dir, 'leaf2.ts'), "import type { U } from './leaf.ts'\n")

      expect(findImportCycles(dir, everyImport)).toEqual([
        'leaf.ts -> leaf2.ts -> leaf.ts',
        'modal.ts -> views/View.tsx -> provider.tsx -> modal.ts',
      ])
      expect(findImportCycles(dir, { lazy: false, typeOnly: false })).toEqual([])
      // The same files as top-level entries: provider, modal and views import one another round.
      expect(findFolderLoops(dir, everyImport)).toEqual([
        ['modal.ts', 'provider.tsx', 'views'],
        ['leaf.ts', 'leaf2.ts'],
      ])
    } finally {
      rmSync(dir, { recursive: true })
    }
  })
})
