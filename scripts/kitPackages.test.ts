import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core'
import { publint } from 'publint'
import { afterAll, describe, expect, it } from 'vitest'

// The kit's packages and the server as npm publishes them: what each tarball holds, what the
// ecosystem's package linters say of it (publint for the package.json, "are the types wrong" for
// its types under Node's and bundlers' resolution), and that `npm publish --dry-run` takes it.

const root = path.resolve(import.meta.dirname, '..')
const scratch = mkdtempSync(path.join(tmpdir(), 'latch-pack-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const npm = (args: string[]) =>
  execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

type Packed = { filename: string; files: { path: string }[] }

const packs = new Map<string, Packed>()

/** `npm pack` of one workspace (its prepack builds it first), once: the tarball and its file list. */
function pack(name: string): Packed {
  const known = packs.get(name)
  if (known) return known
  const [packed] = JSON.parse(
    npm(['pack', '--json', '--pack-destination', scratch, '-w', `@latch/${name}`]),
  ) as Packed[]
  if (!packed) throw new Error(`npm pack gave nothing for @latch/${name}`)
  packs.set(name, packed)
  return packed
}

// A file a site needs: the built code, its types and maps, the styles, the manifest, the README and
// the licence. Sources, tests, fixtures and build state are the repository's, never the site's.
const KIT_FILES = /^(dist\/.+\.(js|js\.map|d\.ts|css)|package\.json|README\.md|LICENSE)$/
// The server's: its code and types, the migrations it applies and the two pages it serves, built.
const SERVER_FILES =
  /^(dist\/.+\.(js|d\.ts)|dist\/db\/migrations\/\d{4}_[a-z0-9_]+\.sql|dist\/pages\/(wallet-frame|dashboard)\/(index\.html|assets\/[^/]+\.(js|css|svg|woff2))|package\.json|README\.md|LICENSE)$/
const NEVER = /(\.test\.|\.fixture\.|\/test\/|tsbuildinfo|\.tsx?$(?<!\.d\.ts))/

const PACKAGES = [
  { name: 'protocol', dir: 'packages/protocol', shipped: KIT_FILES },
  { name: 'core', dir: 'packages/core', shipped: KIT_FILES },
  { name: 'react', dir: 'packages/react', shipped: KIT_FILES },
  { name: 'server', dir: 'apps/server', shipped: SERVER_FILES },
] as const

type Manifest = {
  version: string
  private?: boolean
  exports: Record<string, string | { types: string; default: string }>
  bin?: Record<string, string>
  dependencies?: Record<string, string>
}

describe.each(PACKAGES.map((entry) => [entry.name, entry] as const))(
  '@latch/%s as published',
  (name, { dir, shipped }) => {
    const packed = pack(name)
    const files = packed.files.map((file) => file.path)
    const manifest = JSON.parse(
      readFileSync(path.join(root, dir, 'package.json'), 'utf8'),
    ) as Manifest

    it('holds the built code, its types, a README and the licence, and nothing else', () => {
      expect(files.filter((file) => !shipped.test(file))).toEqual([])
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
      const { messages } = await publint({ pkgDir: path.join(root, dir), pack: false })
      expect(messages.filter((message) => message.type !== 'suggestion')).toEqual([])
    })

    it("has types that resolve as its code does under Node's ESM resolution and bundlers'", async () => {
      const tarball = readFileSync(path.join(scratch, packed.filename))
      const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(tarball)))
      if (!analysis.types) throw new Error(`@latch/${name} ships no types`)
      // The packages are ESM only: `require` of them (node16-cjs) and Node 10's resolution, which
      // knows no `exports`, are not ways to load them. A stylesheet has no types to resolve: a bundler loads it.
      const problems = analysis.problems.filter((problem) =>
        'resolutionKind' in problem
          ? (problem.resolutionKind === 'node16-esm' || problem.resolutionKind === 'bundler') &&
            !problem.entrypoint.endsWith('.css')
          : !('resolutionOption' in problem) || problem.resolutionOption !== 'node10',
      )
      expect(problems).toEqual([])
    })
  },
)

it("marks the React package's entry 'use client', for React Server Components", () => {
  const entry = readFileSync(path.join(root, 'packages/react/dist/index.js'), 'utf8')
  expect(entry.split('\n')[0]).toMatch(/^['"]use client['"];$/)
})

describe('@latch/server as published', () => {
  const files = pack('server').files.map((file) => file.path)
  const server = path.join(root, 'apps/server')
  const manifest = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8')) as Manifest

  it('starts from its bin, `latch-server`, a script Node runs', () => {
    const bin = manifest.bin?.['latch-server']?.replace(/^\.\//, '')
    expect(files).toContain(bin)
    const firstLine = readFileSync(path.join(server, bin ?? ''), 'utf8').split('\n')[0]
    expect(firstLine).toBe('#!/usr/bin/env node')
  })

  it('carries every migration, the wallet frame page and the dashboard with their assets', () => {
    for (const migration of readdirSync(path.join(server, 'src/db/migrations')))
      expect(files).toContain(`dist/db/migrations/${migration}`)
    for (const page of ['wallet-frame', 'dashboard']) {
      const html = readFileSync(path.join(server, 'dist/pages', page, 'index.html'), 'utf8')
      // The page names its assets under the path the server serves it at (/frame, /dashboard).
      const assets = [...html.matchAll(/(?:src|href)="\/[a-z]+\/(assets\/[^"]+)"/g)].map(
        (match) => `dist/pages/${page}/${match[1]}`,
      )
      expect(assets.length, page).toBeGreaterThan(0)
      expect(files).toEqual(expect.arrayContaining([`dist/pages/${page}/index.html`, ...assets]))
    }
  })

  it('depends on exactly the packages its built code imports (no TypeScript runner)', () => {
    // The compiler writes each import as a statement of its own; the icons are found through
    // require.resolve.
    const IMPORTS = [
      /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm,
      /^import\s*["']([^"']+)["']/gm,
      /\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g,
      /\brequire\.resolve\(\s*["'`]([^"'`]+)/g,
    ]
    const imported = new Set<string>()
    for (const file of files.filter((name) => /^dist\/(?!pages\/).*\.js$/.test(name))) {
      const code = readFileSync(path.join(server, file), 'utf8')
      for (const pattern of IMPORTS)
        for (const [, specifier = ''] of code.matchAll(pattern)) {
          if (specifier.startsWith('.') || specifier.startsWith('node:')) continue
          const parts = specifier.split('/')
          imported.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''))
        }
    }
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual([...imported].sort())
  })
})
