import type { ChainConfig } from '../../config.ts'
import { networkKey, networkSubjects } from '../../registry/assets.ts'
import { imageRoute } from './imageRoute.ts'

/** GET /public/getAssetImage/{id}: a network's icon, by CAIP-2 id or EVM chain id. */
export const assetImageRoute = (deps: { chains: ChainConfig[] }) => {
  const networks = networkSubjects(deps.chains)
  return imageRoute({
    url: '/public/getAssetImage',
    summary: "A network's icon (SVG), by CAIP-2 id (eip155:1) or EVM chain id (1)",
    kind: 'asset image',
    find(id) {
      const key = networkKey(id)
      const network = networks.get(key)
      return (
        network && {
          seed: `network:${key}`,
          label: network.label,
          title: network.name,
          shape: 'circle',
          icon: network.icon,
        }
      )
    },
  })
}
