import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/**
 * The folder an installed package lives in. Found from its main module when its `exports` hide
 * its package.json (as `@pimlico/alto`'s do): the nearest folder above it with a package.json.
 */
export function packageRoot(name: string): string {
  try {
    return dirname(require.resolve(`${name}/package.json`))
  } catch {
    let folder = dirname(require.resolve(name))
    while (!existsSync(join(folder, 'package.json'))) {
      const parent = dirname(folder)
      if (parent === folder) throw new Error(`no package.json above ${require.resolve(name)}`)
      folder = parent
    }
    return folder
  }
}

/** The installed version of a package. */
export function packageVersion(name: string): string {
  const json = JSON.parse(readFileSync(join(packageRoot(name), 'package.json'), 'utf8'))
  return (json as { version: string }).version
}
