import { mkdir, readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DevnetManifest, devnetManifest } from '@latch/protocol'
import { writeAtomically } from './deployment.ts'

/** `<repo root>/.data/devnet.json`. */
export const defaultManifestPath = fileURLToPath(
  new URL('../../../.data/devnet.json', import.meta.url),
)

/** Reads the manifest `npm run devnet` wrote, and validates it. */
export async function readManifest(path: string = defaultManifestPath): Promise<DevnetManifest> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new Error(`no devnet manifest at ${path} (is \`npm run devnet\` running?)`, {
      cause: error,
    })
  }
  return devnetManifest.parse(JSON.parse(text))
}

/** Validates `manifest` and writes it to `path` atomically, creating the directory. */
export async function writeManifest(
  path: string,
  manifest: DevnetManifest,
): Promise<DevnetManifest> {
  if (!path) throw new Error('manifestPath is empty')
  const target = resolve(path)
  const valid = devnetManifest.parse(manifest)
  await mkdir(dirname(target), { recursive: true })
  await writeAtomically(target, `${JSON.stringify(valid, null, 2)}\n`)
  return valid
}
