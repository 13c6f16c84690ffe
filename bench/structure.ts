import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import {
  findFolderLoops,
  findImportCycles,
  sourceFiles,
  topLevelEntries,
} from '../scripts/structure/importGraph.ts'
import { functionLengths } from '../scripts/structure/longFunctions.ts'

/**
 * How the code is laid out, in figures: lines that branch on a chain family outside a family's
 * own folder, server paths written as strings outside the route table, the longest functions,
 * and import cycles between files and loops between top-level folders. Production source only:
 * tests, fixtures and the devnet are left out. `npm run bench:structure -w @latch/bench`.
 */
const root = path.resolve(import.meta.dirname, '..')
const at = (...parts: string[]) => path.join(root, ...parts)
const trees = {
  server: at('apps/server/src'),
  core: at('packages/core/src'),
  react: at('packages/react/src'),
  protocol: at('packages/protocol/src'),
  'wallet-frame': at('packages/wallet-frame/src'),
}

/** A family named: its namespace, a per-family account check, or a per-family map of networks. */
const FAMILY =
  /'(eip155|solana|bip122|polkadot)'|\bis(Evm|Solana|Bitcoin|Polkadot)(Account|Address|Network)\b|\b(solana|bitcoin|polkadot)(Networks|Chains)\b/
/** A line that chooses: a condition, a case, a ternary or a comparison. */
const BRANCH = /\bif\s*\(|\bcase\b|\bswitch\s*\(|\s\?\s|&&|\|\||[!=]==/
/** Where a family's own code lives: there, naming the family is the point. */
const FAMILY_FOLDER =
  /[\\/](families|evm|solana|bitcoin|bip122|polkadot)[\\/]|[\\/]chains[\\/](evm|solana|bitcoin|polkadot)[\\/]/

/** A map of one family's networks, handed around instead of asking the family of a network. */
const FAMILY_MAP = /\b(solana|bitcoin|polkadot)(Networks|Chains)\b/

function familyBranches(files: string[]) {
  let inFamilyFolders = 0
  const outside: string[] = []
  const filesWithMaps: string[] = []
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    if (FAMILY_MAP.test(text) && !FAMILY_FOLDER.test(path.relative(root, file)))
      filesWithMaps.push(path.relative(root, file))
    const lines = text.split('\n')
    lines.forEach((line, index) => {
      if (!FAMILY.test(line) || !BRANCH.test(line) || /^\s*(\/\/|\*)/.test(line)) return
      if (FAMILY_FOLDER.test(path.relative(root, file))) inFamilyFolders++
      else outside.push(`${path.relative(root, file)}:${index + 1}`)
    })
  }
  return { inFamilyFolders, outside, filesWithMaps }
}

/** A server path as the kit and existing clients call it. */
const SERVER_PATH =
  /^\/(v1|auth|appkit|onramp)(\/|$)|^\/(getWallets|getAnalyticsConfig|batch|e|health|projects)\b/

/** Server paths spelled as string or template literals, by file. */
function pathStrings(files: string[], tableFiles: ReadonlySet<string>) {
  const found: string[] = []
  for (const file of files) {
    if (tableFiles.has(file)) continue
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    )
    const visit = (node: ts.Node) => {
      const text =
        ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
          ? node.text
          : ts.isTemplateExpression(node)
            ? node.head.text
            : undefined
      if (text !== undefined && SERVER_PATH.test(text)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
        found.push(`${path.relative(root, file)}:${line} ${text}`)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

const everyImport = { lazy: true, typeOnly: true }
const routeTable = new Set(
  sourceFiles(trees.protocol).filter((file) => /[\\/]routes(\.ts|[\\/])/.test(file)),
)
const verbose = process.argv.includes('--list')

console.log('lines that branch on a chain family (outside / inside family folders)')
for (const name of ['server', 'core', 'react', 'wallet-frame'] as const) {
  const { inFamilyFolders, outside, filesWithMaps } = familyBranches(sourceFiles(trees[name]))
  console.log(
    `  ${name.padEnd(13)} ${outside.length} outside, ${inFamilyFolders} inside; ${filesWithMaps.length} files outside pass a per-family map`,
  )
  if (verbose) for (const line of [...outside, ...filesWithMaps]) console.log(`    ${line}`)
}

console.log('server paths written as strings outside the route table')
for (const name of ['server', 'core', 'react', 'wallet-frame', 'protocol'] as const) {
  const found = pathStrings(sourceFiles(trees[name]), routeTable)
  console.log(`  ${name.padEnd(13)} ${found.length}`)
  if (verbose) for (const line of found) console.log(`    ${line}`)
}

const lengths = functionLengths(Object.values(trees), root)
const over = lengths.filter((entry) => entry.lines > 200)
console.log(`functions over 200 lines: ${over.length}; the longest:`)
for (const entry of lengths.slice(0, Math.max(10, over.length)))
  console.log(`  ${String(entry.lines).padStart(4)}  ${entry.name}  ${entry.where}`)

console.log('import cycles between files / loops between top-level folders')
for (const name of ['server', 'core', 'react', 'protocol', 'wallet-frame'] as const) {
  const cycles = findImportCycles(trees[name], everyImport)
  const loops = findFolderLoops(trees[name], everyImport)
  const largest = loops[0]?.length ?? 0
  console.log(
    `  ${name.padEnd(13)} ${cycles.length} file cycles; ${loops.length} folder loops, the largest ${largest} of ${topLevelEntries(trees[name])} entries`,
  )
  if (verbose) {
    for (const cycle of cycles) console.log(`    ${cycle}`)
    for (const loop of loops) console.log(`    loop: ${loop.join(', ')}`)
  }
}
