import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * `npm run build`: the kit's packages (protocol, core, react) as a site installs them: ESM
 * JavaScript with source maps and `.d.ts` types in each package's `dist/`, file for file from its
 * `src/` (tests and fixtures left out). TypeScript's own compiler builds them: it keeps every
 * module where it was, so a site's bundler still splits each chain family into the chunk that loads
 * when its wallet connects, and keeps each file's `'use client'` line for React Server Components.
 * Incremental: what has not changed since the last build is not built again.
 */
const root = path.resolve(import.meta.dirname, '..')
// The packages of this checkout: an image that copies only some of them (the server's, which
// needs the protocol alone) builds those.
const KIT = (['protocol', 'core', 'react'] as const).filter((name) =>
  existsSync(path.join(root, 'packages', name, 'tsconfig.build.json')),
)

const tsc = path.join(root, 'node_modules/typescript/bin/tsc')
const configs = KIT.map((name) => `packages/${name}/tsconfig.build.json`)
const built = spawnSync(process.execPath, [tsc, '-b', ...configs], { cwd: root, stdio: 'inherit' })
if (built.status !== 0) process.exit(built.status ?? 1)

// A source renamed or removed leaves its old output behind (the compiler only writes): it goes,
// so a tarball never ships a module that no longer exists.
const OUTPUT = /\.(d\.ts|js\.map|js)$/
for (const name of KIT) {
  const dist = path.join(root, 'packages', name, 'dist')
  const src = path.join(root, 'packages', name, 'src')
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (!OUTPUT.test(file)) continue
    const source = path.join(src, file.replace(OUTPUT, ''))
    if (!existsSync(`${source}.ts`) && !existsSync(`${source}.tsx`)) rmSync(path.join(dist, file))
  }
}

// The sources import each other as `./file.ts`; TypeScript rewrites that to `.js` in the
// JavaScript it writes, not in the declarations. A site's TypeScript older than 5 refuses a `.ts`
// specifier in a declaration file, so the declarations name the `.js` file too.
const TS_SPECIFIER = /((?:from |import\()\s*['"])(\.{1,2}\/[^'"]*?)\.tsx?(['"])/g
for (const name of KIT) {
  const dist = path.join(root, 'packages', name, 'dist')
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.d.ts')) continue
    const full = path.join(dist, file)
    const text = readFileSync(full, 'utf8')
    const rewritten = text.replace(TS_SPECIFIER, '$1$2.js$3')
    if (rewritten !== text) writeFileSync(full, rewritten)
  }
}
if (KIT.includes('react'))
  copyFileSync(
    path.join(root, 'packages/react/src/styles.css'),
    path.join(root, 'packages/react/dist/styles.css'),
  )
// Each tarball carries the licence; the repository keeps one copy, at its root.
for (const name of KIT)
  copyFileSync(path.join(root, 'LICENSE'), path.join(root, 'packages', name, 'LICENSE'))
