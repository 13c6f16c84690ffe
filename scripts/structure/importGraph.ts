import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

export type ImportKinds = {
  /** Count `import('./x')`: a lazy chunk importing its loader still ties the two together. */
  lazy: boolean
  /** Count `import type`, which the compiler erases: a cycle of types only. */
  typeOnly: boolean
}

/**
 * Production source files under `dir`: tests and test helpers (`*.fixture.ts`, a `test/` folder)
 * left out, since a test may import anything it checks.
 */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.(test|fixture)\.tsx?$/.test(name) ? [path] : []
  })
}

/** The file a relative specifier names, with or without its extension. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  )
}

/** The files under the same tree that `file` imports, as the compiler parses them. */
function importsOf(file: string, kinds: ImportKinds): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const specifiers: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (kinds.typeOnly || !node.importClause?.isTypeOnly)
        specifiers.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if ((kinds.typeOnly || !node.isTypeOnly) && ts.isStringLiteral(node.moduleSpecifier))
        specifiers.push(node.moduleSpecifier.text)
    } else if (
      kinds.lazy &&
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => resolveRelative(file, specifier) ?? [])
}

/** Each source file under `dir` with the files under `dir` it imports. */
function importGraph(dir: string, kinds: ImportKinds): Map<string, string[]> {
  return new Map(sourceFiles(dir).map((file) => [file, importsOf(file, kinds)]))
}

/**
 * Import cycles among the source files under `dir` (none when there are none), each written
 * `a.ts -> b.tsx -> a.ts` with paths relative to `dir`.
 */
export function findImportCycles(dir: string, kinds: ImportKinds): string[] {
  const root = resolve(dir)
  const graph = importGraph(root, kinds)
  const cycles: string[] = []
  const done = new Set<string>()
  // Depth-first: a file met again while still on the path closes a cycle. Each file is walked
  // once, so a tangle shows as the cycles that walk meets, not every route round it.
  const path: string[] = []
  const onPath = new Set<string>()
  const walk = (file: string) => {
    path.push(file)
    onPath.add(file)
    for (const next of graph.get(file) ?? []) {
      if (onPath.has(next)) {
        const cycle = [...path.slice(path.indexOf(next)), next]
        cycles.push(cycle.map((step) => relative(root, step)).join(' -> '))
      } else if (!done.has(next)) walk(next)
    }
    path.pop()
    onPath.delete(file)
    done.add(file)
  }
  for (const file of [...graph.keys()].sort()) if (!done.has(file)) walk(file)
  return cycles
}

/**
 * Loops between the top-level entries of `dir` (its folders, and its files on their own): each
 * loop is a set of entries every one of which imports, through the others, every other one. A
 * folder loop is what keeps a reader from understanding one folder without the rest. Each loop is
 * its entries sorted, the loops largest first; none when the folders form layers.
 */
export function findFolderLoops(dir: string, kinds: ImportKinds): string[][] {
  const root = resolve(dir)
  const entryOf = (file: string) => relative(root, file).split(/[\\/]/)[0] as string
  const edges = new Map<string, Set<string>>()
  for (const [file, imports] of importGraph(root, kinds)) {
    const from = entryOf(file)
    const targets = edges.get(from) ?? new Set<string>()
    edges.set(from, targets)
    for (const target of imports) if (entryOf(target) !== from) targets.add(entryOf(target))
  }
  // Tarjan's strongly connected components: every component of more than one entry is a loop.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const loops: string[][] = []
  const connect = (entry: string) => {
    index.set(entry, index.size)
    low.set(entry, index.get(entry) as number)
    stack.push(entry)
    onStack.add(entry)
    for (const next of edges.get(entry) ?? []) {
      if (!index.has(next)) {
        connect(next)
        low.set(entry, Math.min(low.get(entry) as number, low.get(next) as number))
      } else if (onStack.has(next))
        low.set(entry, Math.min(low.get(entry) as number, index.get(next) as number))
    }
    if (low.get(entry) !== index.get(entry)) return
    const component: string[] = []
    for (;;) {
      const member = stack.pop() as string
      onStack.delete(member)
      component.push(member)
      if (member === entry) break
    }
    if (component.length > 1) loops.push(component.sort())
  }
  for (const entry of [...edges.keys()].sort()) if (!index.has(entry)) connect(entry)
  return loops.sort((a, b) => b.length - a.length)
}

/** The number of top-level entries (folders, and files on their own) holding source under `dir`. */
export function topLevelEntries(dir: string): number {
  const root = resolve(dir)
  return new Set(sourceFiles(root).map((file) => relative(root, file).split(/[\\/]/)[0])).size
}
