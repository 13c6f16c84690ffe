import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { externalReferencesIn, externalReferencesInRepository } from './externalReferences.ts'

const root = path.resolve(import.meta.dirname, '..')
// Built from parts so this file does not cite what it looks for.
const SPEC = 'spec'
const ISSUE = 'issue'
const SECTION = 'section'

describe('citations of the spec or of issues by number', () => {
  it('are found in every form a comment writes them, with file and line', () => {
    const cited = [
      `// Pairing expires after 4 minutes (${SPEC} 9)`,
      `/** Limits of ${SPEC} 5 and 9. */`,
      `  it('keeps 2 wallets (${SPEC.toUpperCase()} 9)', () => {`,
      `// ${SPEC}'s ${SECTION} 4: the states`,
      `// ${SPEC} ${SECTION} 7`,
      `// ${SPEC} §8`,
      `// ${SPEC}7`,
      `-- The on-ramp (${ISSUE} 10): quotes`,
      `/* Names (${ISSUE} #9) */`,
      `// as ${SECTION} 5 of the ${SPEC} says`,
    ]
    const text = ['const a = 1', ...cited].join('\n')
    expect(externalReferencesIn('a.ts', text).map(({ line }) => line)).toEqual(
      cited.map((_, index) => index + 2),
    )
    expect(externalReferencesIn('a.ts', cited[0] ?? '')).toEqual([
      { file: 'a.ts', line: 1, text: cited[0] },
    ])
  })

  it('leave alone words that only look alike', () => {
    const text = [
      'const { spec, label } = get(id)',
      `e2e/tests/swap.${SPEC}.ts`,
      'issuer: spec.issuer,',
      `if (issue) fail(issue)`,
      "Reown's network (§2b) and a paid licence (§3)",
      'RFC 8252, 7.3: any loopback port',
      'EIP-1559 fields',
    ].join('\n')
    expect(externalReferencesIn('b.ts', text)).toEqual([])
  })

  it('appear nowhere in the repository', () => {
    const found = externalReferencesInRepository(root).map(
      ({ file, line, text }) => `${file}:${line}: ${text}`,
    )
    expect(found, 'state the rule in the comment, or point at docs/').toEqual([])
  })
})
