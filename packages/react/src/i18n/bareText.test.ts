import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findBareText, scanForBareText } from './bareText.fixture.ts'

const SRC = path.resolve(import.meta.dirname, '..')
// What the visitor sees: the views, their parts and the modal's frame.
const ROOTS = ['views', 'components', 'modal', 'ConnectButton.tsx']

/**
 * Text left as written on purpose, by file: names that are the same in every language (brands),
 * and markup that is no text. Anything else a visitor reads comes from the catalogue.
 */
const ALLOWED: Record<string, readonly string[]> = {
  'views/ConnectingExternal/ConnectingExternal.tsx': [
    'Chrome Web Store',
    'App Store',
    'Google Play',
  ],
  'views/Connect/Connect.tsx': ['WalletConnect'],
  // An EVM address's prefix, the same in every language.
  'views/Account/NftDetail.tsx': ['0x…'],
}

describe('the views read their text from the catalogue', () => {
  it('finds no bare text in a view, a component or the modal', () => {
    expect(scanForBareText({ root: SRC, entries: ROOTS, allowed: ALLOWED })).toEqual([])
  })

  it('catches JSX text, text attributes and prose literals, and lets markup through', () => {
    const source = `
      const A = () => <div className="latch-list" data-testid="x" aria-label="Close">Hello {t('a.b')} ✓</div>
      const b = cond ? 'Could not copy the address' : t('x')
      const c = \`Resend in \${n} seconds\`
      router.push('Account'); const d = 'latch-button latch-row'
    `
    expect(findBareText('a.tsx', source).map((hit) => hit.text)).toEqual([
      'Close',
      'Hello',
      'Could not copy the address',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, as found
      '`Resend in ${n} seconds`',
    ])
  })
})
