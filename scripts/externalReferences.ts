import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Citations of documents a person who clones the repo cannot open: a numbered section of the
 * product spec (the word, then a number, "section N" or "§N") or a numbered issue (the word, then
 * a number or #N). A comment states the rule itself, or points at docs/ instead.
 */
const EXTERNAL_REFERENCE =
  /\bspec(s|'s)? ?(section )?§?[0-9]|\bspec(s|'s)? ?§|\bsection ?[0-9]+(\.[0-9]+)* of the spec|\bissue ?#?[0-9]/i

/** Tracked (or new, not ignored) files the check skips: generated, or not ours to word. */
const SKIPPED = [/(^|\/)node_modules\//, /(^|\/)package-lock\.json$/]

export type ExternalReference = { file: string; line: number; text: string }

/** Every line of `text` that cites the spec or an issue by number, as `file:line`. */
export function externalReferencesIn(file: string, text: string): ExternalReference[] {
  return text
    .split('\n')
    .flatMap((content, index) =>
      EXTERNAL_REFERENCE.test(content) ? [{ file, line: index + 1, text: content.trim() }] : [],
    )
}

/** The repository's files as git knows them (tracked, or new and not ignored), minus SKIPPED. */
export function repositoryFiles(root: string): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  return [...new Set(listed.split('\0'))]
    .filter((file) => file !== '' && !SKIPPED.some((pattern) => pattern.test(file)))
    .sort()
}

/** Every citation in the repository's text files (a file with a NUL byte is binary: skipped). */
export function externalReferencesInRepository(root: string): ExternalReference[] {
  return repositoryFiles(root).flatMap((file) => {
    let buffer: Buffer
    try {
      buffer = readFileSync(path.join(root, file))
    } catch {
      return [] // listed but deleted in the working tree
    }
    if (buffer.includes(0)) return []
    return externalReferencesIn(file, buffer.toString('utf8'))
  })
}
