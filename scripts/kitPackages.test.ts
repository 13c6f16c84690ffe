import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core'
import { publint } from 'publint'
import { afterAll, describe, expect, it } from 'vitest'

// The kit's packages as npm publishes them: what each tarball holds, what the ecosystem's package
// linters say of it (publint for the package.json, "are the types wrong" for its types under
// Node's and bundlers' resolution), and that `npm publish --dry-run` takes it.

const root = path.resolve(import.meta.dirname, '..')
const KIT = ['protocol', 'core', 'react'] as const
const scratch = mkdtempSync(path.join(tmpdir(), 'latch-pack-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const npm = (args: string[]) =>
  execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

type Packed = { filename: string; files: { path: string }[] }

/** `npm pack` of one workspace (its prepack builds it first): the tarball and its file list. */
function pack(name: string): Packed {
  const [packed] = JSON.parse(
    npm(['pack', '--json', '--pack-destination', scratch, '-w', `@latch/${name}`]),
  ) as Packed[]
  if (!packed) throw new Error(`npm pack gave nothing for @latch/${name}`)
  return packed
}

// A file a site needs: the built code, its types and maps, the styles, the manifest, the README and
// the licence. Sources, tests, fixtures and build state are the repository's, never the site's.
const SHIPPED = /^(dist\/.+\.(js|js\.map|d\.ts|css)|package\.json|README\.md|LICENSE)$/
const NEVER = /(\.test\.|\.fixture\.|\/test\/|tsbuildinfo|\.tsx?$(?<!\.d\.ts))/

describe.each(KIT)('@latch/%s as published', (name) => {
  const packed = pack(name)
  const files = packed.files.map((file) => file.path)
  const manifest = JSON.parse(
    readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8'),
  ) as {
    version: string
    private?: boolean
    exports: Record<string, string | { types: string; default: string }>
    dependencies?: Record<string, string>
  }

  it('holds the built code, its types, a README and the licence, and nothing else', () => {
    expect(files.filter((file) => !SHIPPED.test(file))).toEqual([])
    expect(files.filter((file) => NEVER.test(file))).toEqual([])
    expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']))
    // Every entry the manifest names is in the tarball, types first.
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') {
        expect(files, subpath).toContain(target.replace(/^\.\//, ''))
        continue
      }
      expect(Object.keys(target)[0], subpath).toBe('types')
      expect(files, subpath).toContain(target.types.replace(/^\.\//, ''))
      expect(files, subpath).toContain(target.default.replace(/^\.\//, ''))
    }
  })

  it('is publishable and names its sibling packages by a version range', () => {
    expect(manifest.private).toBeUndefined()
    for (const [dependency, range] of Object.entries(manifest.dependencies ?? {}))
      if (dependency.startsWith('@latch/')) expect(range, dependency).toBe(`^${manifest.version}`)
    npm(['publish', '--dry-run', '-w', `@latch/${name}`])
  })

  it('passes publint with no error or warning', async () => {
    const { messages } = await publint({ pkgDir: path.join(root, 'packages', name), pack: false })
    expect(messages.filter((message) => message.type !== 'suggestion')).toEqual([])
  })

  it("has types that resolve as its code does under Node's ESM resolution and bundlers'", async () => {
    const tarball = readFileSync(path.join(scratch, packed.filename))
    const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(tarball)))
    if (!analysis.types) throw new Error(`@latch/${name} ships no types`)
    // The kit is ESM only: `require` of it (node16-cjs) and Node 10's resolution, which knows no
    // `exports`, are not ways to load it. A stylesheet has no types to resolve: a bundler loads it.
    const problems = analysis.problems.filter((problem) =>
      'resolutionKind' in problem
        ? (problem.resolutionKind === 'node16-esm' || problem.resolutionKind === 'bundler') &&
          !problem.entrypoint.endsWith('.css')
        : !('resolutionOption' in problem) || problem.resolutionOption !== 'node10',
    )
    expect(problems).toEqual([])
  })
})

it("marks the React package's entry 'use client', for React Server Components", () => {
  const entry = readFileSync(path.join(root, 'packages/react/dist/index.js'), 'utf8')
  expect(entry.split('\n')[0]).toMatch(/^['"]use client['"];$/)
})
