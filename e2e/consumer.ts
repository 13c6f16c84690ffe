import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'

// A site made the way a stranger makes one: a fresh folder outside the repository, the kit's
// packed tarballs installed from files as npm would fetch them, the site's own tools run on it.

const run = promisify(execFile)
const repoRoot = path.resolve(import.meta.dirname, '..')

/** The kit's packages this site installs, each packed once per run (npm pack runs their build). */
export const KIT_PACKAGES = ['protocol', 'core', 'react'] as const

let packed: Promise<Record<string, string>> | undefined

/** `npm pack` of one workspace into `folder` (its prepack builds it): the tarball's path. */
async function packWorkspace(name: string, folder: string): Promise<string> {
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--pack-destination', folder, '-w', `@latch/${name}`],
    { cwd: repoRoot },
  )
  const [entry] = JSON.parse(stdout) as { filename: string }[]
  if (!entry) throw new Error(`npm pack gave nothing for @latch/${name}`)
  return path.join(folder, entry.filename)
}

/** The kit's tarballs, by package name: packed on first use, into a folder of their own. */
export function packKit(): Promise<Record<string, string>> {
  packed ??= (async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'latch-tarballs-'))
    const tarballs: Record<string, string> = {}
    for (const name of KIT_PACKAGES) tarballs[`@latch/${name}`] = await packWorkspace(name, folder)
    return tarballs
  })()
  return packed
}

/**
 * `file:` specifiers of the server's tarball and of the protocol's, which it depends on: what an
 * owner installs to run `latch-server`. Packed anew on each call, into a folder of their own.
 */
export async function serverDependencies(): Promise<Record<string, string>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'latch-tarballs-'))
  const dependencies: Record<string, string> = {}
  for (const name of ['protocol', 'server'])
    dependencies[`@latch/${name}`] = `file:${await packWorkspace(name, folder)}`
  return dependencies
}

export type Site = {
  dir: string
  /** Runs a command in the site's folder; rejects with its output when it fails. */
  exec(command: string, args: string[]): Promise<{ stdout: string; stderr: string; ms: number }>
  remove(): void
}

/**
 * A site in a new temporary folder with `files` (paths relative to it) and `package.json` from
 * `manifest`, its dependencies installed from the registry and the kit's tarballs.
 */
export async function createSite(
  name: string,
  manifest: Record<string, unknown>,
  files: Record<string, string>,
): Promise<Site & { installMs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), `latch-site-${name}-`))
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  const exec: Site['exec'] = async (command, args) => {
    const started = performance.now()
    try {
      const { stdout, stderr } = await run(command, args, {
        cwd: dir,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NODE_ENV: undefined, npm_config_fund: 'false' },
      })
      return { stdout, stderr, ms: Math.round(performance.now() - started) }
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; message: string }
      throw new Error(
        `${command} ${args.join(' ')} failed in ${dir}:\n${failed.stdout ?? ''}\n${failed.stderr ?? failed.message}`,
      )
    }
  }
  // The npm cache of this machine serves the registry's packages: no download when it has them.
  const install = await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'])
  return {
    dir,
    exec,
    installMs: install.ms,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** `file:` specifiers of the kit's tarballs, for a site's dependencies. */
export async function kitDependencies(
  names: readonly (typeof KIT_PACKAGES)[number][],
): Promise<Record<string, string>> {
  const tarballs = await packKit()
  return Object.fromEntries(
    names.map((name) => [`@latch/${name}`, `file:${tarballs[`@latch/${name}`]}`]),
  )
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/**
 * Serves a built site's folder on loopback as a static host would, under `policy` (its
 * Content-Security-Policy); unknown paths get its index.html, as single-page hosts do.
 */
export async function serveStatic(
  folder: string,
  policy: string,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname)
    let file = path.join(folder, path.normalize(pathname))
    if (!file.startsWith(folder) || !statSync(file, { throwIfNoEntry: false })?.isFile())
      file = path.join(folder, 'index.html')
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-security-policy': policy,
    })
    response.end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const listening = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${listening}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** The JavaScript bytes a page's HTML loads before anything else, gzip-compressed. */
export function entryScriptsGzipBytes(folder: string): number {
  const html = readFileSync(path.join(folder, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  )
  return scripts.reduce(
    (total, script) => total + gzipSync(readFileSync(path.join(folder, script))).length,
    0,
  )
}

/**
 * The README's first TypeScript snippet (how a site uses Latch), pointed at this run's stack: the
 * same code a newcomer copies, with `npm start`'s default addresses swapped for the test stack's.
 */
export function readmeSnippet(addresses: { serverUrl: string; frameUrl: string; rpcUrl: string }) {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Use Latch on your site'))
  const snippet = /```tsx\n([\s\S]*?)```/.exec(section)?.[1]
  if (!snippet) throw new Error("the README's 'Use Latch on your site' has no tsx snippet")
  const defaults = {
    'http://127.0.0.1:8787': addresses.serverUrl,
    'http://127.0.0.1:8788': addresses.frameUrl,
    'http://127.0.0.1:8545': addresses.rpcUrl,
  }
  let code = snippet
  for (const [address, replacement] of Object.entries(defaults)) {
    if (!code.includes(address)) throw new Error(`the README's snippet no longer names ${address}`)
    code = code.replaceAll(address, replacement)
  }
  return code
}
