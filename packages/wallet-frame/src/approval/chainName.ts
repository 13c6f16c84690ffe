import type { ScreenWords } from '../i18n/screenLanguage.ts'

/** A chain the server did not name, by its id (written as is, never grouped like an amount). */
export function chainName(chainId: bigint | number | undefined, words: ScreenWords): string {
  return words.say('chain', {
    chainId: chainId === undefined ? words.say('unknown') : String(chainId),
  })
}
