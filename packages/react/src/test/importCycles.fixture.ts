import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

export type ImportKinds = {
  /** Count `import('./x')`: a lazy chunk importing its loader still ties the two together. */
  lazy: boolean
  /** Count `import type`, which the compiler erases: a cycle of types only. */
  typeOnly: boolean
}

/** Source files under `dir`, tests left out (a test may import anything it checks). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
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

/**
 * Import cycles among the source files under `dir` (none when there are none), each written
 * `a.ts -> b.tsx -> a.ts` with paths relative to `dir`.
 */
export function findImportCycles(dir: string, kinds: ImportKinds): string[] {
  const root = resolve(dir)
  const graph = new Map(sourceFiles(root).map((file) => [file, importsOf(file, kinds)]))
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
