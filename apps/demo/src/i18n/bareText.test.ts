import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { scanForBareText } from '../../../../packages/react/src/i18n/bareText.fixture.ts'

const SRC = path.resolve(import.meta.dirname, '..')
// Everything the page is made of but its catalogues (this folder), where its text lives.
const ENTRIES = readdirSync(SRC).filter((name) => name !== 'i18n' && !name.endsWith('.css'))

/**
 * Text left as written on purpose, by file: what the page asks wallets to sign (the same in every
 * language, as a backend checks a signature against one text), and errors for the console that a
 * visitor never reads (`displayMessage` shows its own words for a plain Error).
 */
const ALLOWED: Record<string, readonly string[]> = {
  'App.tsx': ['Hello from the Latch demo'],
  'main.tsx': ['Sign in to the Latch demo'],
  'sessions/sessionActions.ts': [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, as found
    '`No session validator on chain ${chainId}`',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, as found
    '`The transfer reverted in ${result.transactionHash}`',
  ],
}

describe('the demo page reads its text from its catalogue', () => {
  it('finds no bare text in its sources', () => {
    expect(scanForBareText({ root: SRC, entries: ENTRIES, allowed: ALLOWED })).toEqual([])
  })
})
