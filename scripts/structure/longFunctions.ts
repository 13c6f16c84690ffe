import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import ts from 'typescript'
import { sourceFiles } from './importGraph.ts'

export type FunctionLength = { where: string; name: string; lines: number }

/** A function's name as a reader finds it: its own, its variable's, its property's or method's. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source)
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(source)
  if (ts.isCallExpression(parent))
    return `(callback of ${parent.expression.getText(source).slice(0, 40)})`
  return '(anonymous)'
}

/**
 * Every function in the production source under each of `dirs`, longest first, its length in
 * lines from its first to its last (a nested function counts inside its parent too).
 */
export function functionLengths(dirs: readonly string[], root: string): FunctionLength[] {
  const lengths: FunctionLength[] = []
  for (const dir of dirs)
    for (const file of sourceFiles(resolve(dir))) {
      const source = ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
      )
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const declaration = node as ts.FunctionLikeDeclaration
          const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
          const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
          lengths.push({
            where: `${relative(root, file)}:${first + 1}`,
            name: nameOf(declaration, source),
            lines: last - first + 1,
          })
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
  return lengths.sort((a, b) => b.lines - a.lines)
}
