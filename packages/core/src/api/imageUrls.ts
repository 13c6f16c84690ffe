/**
 * Where the server serves images, as an <img> src: a network's or another asset's, a fiat
 * currency's (ISO 4217 code), a token's (by symbol) and a registry wallet's. Each carries the
 * projectId, since the server serves a project's pages only.
 */
export function imageUrls(baseUrl: string, projectId: string) {
  const imageUrl = (path: string, id: string) => {
    const url = new URL(`${path}/${encodeURIComponent(id)}`, baseUrl)
    url.searchParams.set('projectId', projectId)
    return url.toString()
  }
  return {
    /** Where a network's (or another asset's) image is served. */
    assetImageUrl: (assetId: string): string => imageUrl('/public/getAssetImage', assetId),
    /** Where the server serves a fiat currency's image, by ISO 4217 code. */
    currencyImageUrl: (code: string): string => imageUrl('/public/getCurrencyImage', code),
    /** Where the server serves a token's image, by symbol. */
    tokenImageUrl: (symbol: string): string => imageUrl('/public/getTokenImage', symbol),
    /** Where a registry wallet's image is served (an <img> src). */
    walletImageUrl: (imageId: string): string => imageUrl('/getWalletImage', imageId),
  }
}
