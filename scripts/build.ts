import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'

/**
 * `npm run build`: the kit's packages (protocol, core, react) as a site installs them, and the
 * server (`@latch/server`) as its owner installs it: ESM JavaScript and `.d.ts` types in each
 * package's `dist/`, file for file from its `src/` (tests and fixtures left out); the kit's with
 * source maps. TypeScript's own compiler builds them: it keeps every module where it was, so a
 * site's bundler still splits each chain family into the chunk that loads when its wallet
 * connects, and keeps each file's `'use client'` line for React Server Components. Incremental:
 * what has not changed since the last build is not built again.
 *
 * `--pages` (the server's prepack) also builds the wallet frame's page and the owner's dashboard
 * with Vite and puts them in the server's package, which serves them. `npm install` and `npm start`
 * leave them out: the server run from its source reads them where their own workspaces build them.
 */
const root = path.resolve(import.meta.dirname, '..')
// The packages of this checkout: an image that copies only some of them (the server's, which
// needs the protocol alone) builds those.
const KIT = (['protocol', 'core', 'react'] as const).filter((name) =>
  existsSync(path.join(root, 'packages', name, 'tsconfig.build.json')),
)
const SERVER = 'apps/server'
const PACKAGES = [
  ...KIT.map((name) => `packages/${name}`),
  ...(existsSync(path.join(root, SERVER, 'tsconfig.build.json')) ? [SERVER] : []),
]
/** The server's `dist/` folder of the pages it serves, which Vite builds, not TypeScript. */
const PAGES = 'pages'

const tsc = path.join(root, 'node_modules/typescript/bin/tsc')
const configs = PACKAGES.map((dir) => `${dir}/tsconfig.build.json`)
const built = spawnSync(process.execPath, [tsc, '-b', ...configs], { cwd: root, stdio: 'inherit' })
if (built.status !== 0) process.exit(built.status ?? 1)

// A source renamed or removed leaves its old output behind (the compiler only writes): it goes,
// so a tarball never ships a module that no longer exists.
const OUTPUT = /\.(d\.ts|js\.map|js)$/
for (const dir of PACKAGES) {
  const dist = path.join(root, dir, 'dist')
  const src = path.join(root, dir, 'src')
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (!OUTPUT.test(file) || file.startsWith(`${PAGES}${path.sep}`)) continue
    const source = path.join(src, file.replace(OUTPUT, ''))
    if (!existsSync(`${source}.ts`) && !existsSync(`${source}.tsx`)) rmSync(path.join(dist, file))
  }
}

// The sources import each other as `./file.ts`; TypeScript rewrites that to `.js` in the
// JavaScript it writes, not in the declarations. A site's TypeScript older than 5 refuses a `.ts`
// specifier in a declaration file, so the declarations name the `.js` file too.
const TS_SPECIFIER = /((?:from |import\()\s*['"])(\.{1,2}\/[^'"]*?)\.tsx?(['"])/g
for (const dir of PACKAGES) {
  const dist = path.join(root, dir, 'dist')
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
// Each tarball carries the licence; the repository keeps one copy, at its root. Written only when
// it differs: a pack of one package reads it while another package's pack runs this build.
const licence = readFileSync(path.join(root, 'LICENSE'))
for (const dir of PACKAGES) {
  const target = path.join(root, dir, 'LICENSE')
  if (!existsSync(target) || !readFileSync(target).equals(licence)) writeFileSync(target, licence)
}

if (PACKAGES.includes(SERVER)) {
  const server = path.join(root, SERVER)
  // The migrations are read from the folder beside the code that applies them.
  mirror(path.join(server, 'src/db/migrations'), path.join(server, 'dist/db/migrations'))
  if (process.argv.includes('--pages')) {
    // One after the other: each Vite build sets NODE_ENV in this process and puts it back after.
    const frame = await import('@latch/wallet-frame')
    await frame.ensureWalletFrameBuilt()
    const dashboard = await import('@latch/dashboard')
    await dashboard.ensureDashboardBuilt()
    mirror(frame.walletFrameDistDir, path.join(server, 'dist', PAGES, 'wallet-frame'))
    mirror(dashboard.dashboardDistDir, path.join(server, 'dist', PAGES, 'dashboard'))
  }
}

/**
 * Makes `to` hold exactly the files of `from`, copying only those whose size or time differs and
 * keeping each one's time: an up-to-date copy is not written at all, so a pack running meanwhile
 * never reads a file half written.
 */
function mirror(from: string, to: string): void {
  const files = readdirSync(from, { recursive: true, encoding: 'utf8' }).filter((file) =>
    statSync(path.join(from, file)).isFile(),
  )
  for (const file of files) {
    const source = statSync(path.join(from, file))
    const target = statSync(path.join(to, file), { throwIfNoEntry: false })
    // Compared to the millisecond, the precision a copied file's time is set to.
    const sameTime = Math.floor(target?.mtimeMs ?? -1) === Math.floor(source.mtimeMs)
    if (target?.size === source.size && sameTime) continue
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true })
    copyFileSync(path.join(from, file), path.join(to, file))
    utimesSync(path.join(to, file), source.atime, source.mtime)
  }
  const kept = new Set(files)
  if (!existsSync(to)) return
  for (const file of readdirSync(to, { recursive: true, encoding: 'utf8' }))
    if (!kept.has(file) && statSync(path.join(to, file)).isFile()) rmSync(path.join(to, file))
}
