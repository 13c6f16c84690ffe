import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** Attributes whose value a visitor reads or hears. */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'placeholder',
  'title',
  'alt',
  'label',
  'submitLabel',
  'searchLabel',
  'purpose',
])
const HAS_LETTER = /\p{L}/u
// Prose rather than an identifier: a capitalised word followed by more words, or a trailing '…'.
const PROSE = /^\W*\p{Lu}\p{Ll}+[\s,:;.!?'’]+\S|\p{L}.*…$/u

export type BareText = { line: number; text: string }

/**
 * The text in a view's source that does not come from the catalogue: JSX text with letters, a
 * literal in a text attribute, and literal prose (string or template) anywhere in the file.
 */
export function findBareText(fileName: string, source: string): BareText[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  )
  const found: BareText[] = []
  const report = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text })
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      if (HAS_LETTER.test(node.text)) report(node, node.text.trim())
    } else if (ts.isJsxAttribute(node)) {
      const value = node.initializer
      if (
        TEXT_ATTRIBUTES.has(node.name.getText(file)) &&
        value &&
        ts.isStringLiteral(value) &&
        HAS_LETTER.test(value.text)
      )
        report(node, value.text)
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!ts.isImportDeclaration(node.parent) && PROSE.test(node.text)) report(node, node.text)
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
      if (parts.some((part) => /\p{L}{2,}\s+\p{L}{2,}/u.test(part)))
        report(node, node.getText(file))
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/** Where a check looks for bare text, and what may stay as written there. */
export type BareTextScan = {
  /** The folder the entries and the allowed files are named from. */
  root: string
  /** Folders (searched through) and files under `root`: what the visitor sees. */
  entries: readonly string[]
  /** Text left as written on purpose, by file relative to `root`. */
  allowed: Readonly<Record<string, readonly string[]>>
}

const sourceFiles = (root: string, entry: string): string[] => {
  const full = path.join(root, entry)
  if (/\.tsx?$/.test(entry)) return [full]
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.|\.fixture\./.test(name))
    .map((name) => path.join(full, name))
}

/**
 * The bare text in the sources of a scan (tests and fixtures left out) that is not allowed for
 * its file, each as `file:line "text"`: what a test expects to be none.
 */
export function scanForBareText({ root, entries, allowed }: BareTextScan): string[] {
  return entries
    .flatMap((entry) => sourceFiles(root, entry))
    .flatMap((file) => {
      const relative = path.relative(root, file)
      const allowedHere = allowed[relative] ?? []
      return findBareText(file, readFileSync(file, 'utf8'))
        .filter((hit) => !allowedHere.includes(hit.text))
        .map((hit) => `${relative}:${hit.line} ${JSON.stringify(hit.text)}`)
    })
}
