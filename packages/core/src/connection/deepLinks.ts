/**
 * The link that opens a wallet app on a pairing URI, from the registry's native scheme
 * (`metamask://`) or https universal link (`https://metamask.app.link`): `<base>/wc?uri=<encoded>`.
 * An https link stays https, so a phone without the app lands on the wallet's page.
 * @example walletDeepLink('rainbow://', 'wc:abc@2') // 'rainbow://wc?uri=wc%3Aabc%402'
 */
export function walletDeepLink(base: string, wcUri: string): string {
  const trimmed = base.trim()
  const isWeb = /^https?:\/\//i.test(trimmed)
  let root: string
  if (isWeb) root = trimmed.endsWith('/') ? trimmed : `${trimmed}/`
  else if (trimmed.includes('://')) root = trimmed
  else root = `${trimmed.replace(/:+$/, '').replace(/\/+$/, '')}://`
  return `${root}wc?uri=${encodeURIComponent(wcUri)}`
}
