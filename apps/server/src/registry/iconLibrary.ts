import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** The sets of `@web3icons/core` (MIT) the image routes draw from. */
export type IconSet = 'wallets' | 'networks' | 'tokens'

/** One icon of the library: its set and its file name without `.svg.js` (`metamask`, `ETH`). */
export type IconRef = { set: IconSet; name: string }

/**
 * The variant on a filled square: it reads on light and dark cards alike, and the modal rounds it
 * into a squircle (wallets) or a coin (networks, tokens).
 */
const VARIANT = 'background'

const require = createRequire(import.meta.url)

/** `dist/svgs` of the package, found through its own exports (by the ETH token's icon). */
const SVGS_ROOT = path.resolve(
  path.dirname(require.resolve(`@web3icons/core/svgs/tokens/${VARIANT}/ETH.svg.js`)),
  '../..',
)
const folderOf = (set: IconSet) => path.join(SVGS_ROOT, set, VARIANT)

const available = new Map<IconSet, ReadonlySet<string>>()

/** The icon names a set holds, read once from the package's folder. */
function namesIn(set: IconSet): ReadonlySet<string> {
  let names = available.get(set)
  if (!names) {
    names = new Set(
      readdirSync(folderOf(set))
        .filter((file) => file.endsWith('.svg.js'))
        .map((file) => file.slice(0, -'.svg.js'.length)),
    )
    available.set(set, names)
  }
  return names
}

/** Whether the library has this icon: only listed names are ever loaded, so no id picks a path. */
export function hasIcon(ref: IconRef): boolean {
  return namesIn(ref.set).has(ref.name)
}

/**
 * Markup we serve from our own origin: no script, event handler, foreign object or reference to
 * anything outside the file (an internal `url(#id)` gradient is fine).
 */
export function isSafeSvg(svg: string): boolean {
  return (
    /^\s*<svg[\s>]/.test(svg) &&
    !/<script|<foreignObject|<iframe|<image|<use|\son[a-z]+\s*=|javascript:|href\s*=|@import|url\(\s*['"]?(?!#)/i.test(
      svg,
    )
  )
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The library's SVG with a title for screen readers and without its CSS class. */
function withTitle(svg: string, title: string): string {
  return svg
    .trim()
    .replace(/\sclass="[^"]*"/, '')
    .replace(
      /^<svg([^>]*)>/,
      `<svg$1 role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>`,
    )
}

const loaded = new Map<string, Promise<string | undefined>>()

/** The library's markup of an icon, read once per process; undefined if it is not one we serve. */
function readIcon(ref: IconRef): Promise<string | undefined> {
  const key = `${ref.set}/${ref.name}`
  let svg = loaded.get(key)
  if (!svg) {
    const file = path.join(folderOf(ref.set), `${ref.name}.svg.js`)
    svg = import(pathToFileURL(file).href).then(
      (module: { default?: unknown }) =>
        typeof module.default === 'string' && isSafeSvg(module.default)
          ? module.default
          : undefined,
      () => undefined,
    )
    loaded.set(key, svg)
  }
  return svg
}

/** The SVG of a library icon, titled, or undefined when the library lacks it. */
export async function loadIcon(ref: IconRef, title: string): Promise<string | undefined> {
  if (!hasIcon(ref)) return undefined
  const svg = await readIcon(ref)
  return svg && withTitle(svg, title)
}
