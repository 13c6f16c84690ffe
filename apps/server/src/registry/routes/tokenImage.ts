import { findToken } from '../assets.ts'
import { tokenIcon } from '../icons.ts'
import { imageRoute } from './imageRoute.ts'

/** GET /public/getTokenImage/{id}: a token's icon, by symbol. */
export const tokenImageRoute = imageRoute({
  url: '/public/getTokenImage',
  summary: "A token's icon (SVG), by symbol (ETH, USDC, ...)",
  kind: 'token image',
  find(id) {
    const token = findToken(id)
    return (
      token && {
        seed: `token:${token.key}`,
        label: token.label,
        title: token.name,
        shape: 'circle',
        icon: tokenIcon(token.key),
      }
    )
  },
})
