import { isCaipNetworkId } from '@latch/protocol'
import type { ChainConfig } from '../../chains/chainConfig.ts'
import { CONNECTOR_ASSET_IDS, NETWORK_ASSET_IDS } from '../assetIds.ts'
import { networkKey, networkSubjects } from '../assets.ts'
import { type ImageSpec, initials } from '../images.ts'
import { imageRoute } from './imageRoute.ts'

/**
 * The image of an id nothing here names: clients ask for every network and connector they carry
 * and show a broken image on an error, so a well-formed id always gets a neutral coin. A CAIP-2
 * id keeps its own colour and its family's letters (EVM, SOL...), so two unknown chains differ.
 */
function genericImage(id: string): ImageSpec {
  if (isCaipNetworkId(id)) {
    const family = id.slice(0, id.indexOf(':'))
    return {
      seed: `network:${id}`,
      label: family === 'eip155' ? 'EVM' : family.slice(0, 3).toUpperCase(),
      title: `Network ${id}`,
      shape: 'circle',
    }
  }
  return { seed: 'asset:generic', label: '•', title: 'Asset', shape: 'circle' }
}

/**
 * GET /public/getAssetImage/{id}: a network's icon, by CAIP-2 id, EVM chain id or the asset id
 * other clients carry for it; a connector's icon by its asset id; a generic coin for any other id.
 */
export const assetImageRoute = (deps: { chains: ChainConfig[] }) => {
  const networks = networkSubjects(deps.chains)
  const network = (key: string): ImageSpec | undefined => {
    const subject = networks.get(key)
    return (
      subject && {
        seed: `network:${key}`,
        label: subject.label,
        title: subject.name,
        shape: 'circle',
        icon: subject.icon,
      }
    )
  }
  return imageRoute({
    url: '/public/getAssetImage',
    summary:
      "A network's or connector's icon (SVG), by CAIP-2 id (eip155:1), EVM chain id (1) or asset id; a generic one for any other id",
    kind: 'asset image',
    find(id) {
      const assetNetwork = NETWORK_ASSET_IDS[id.toLowerCase()]
      if (assetNetwork) return network(assetNetwork)
      const connector = CONNECTOR_ASSET_IDS[id.toLowerCase()]
      if (connector)
        return {
          seed: `connector:${connector.name}`,
          label: initials(connector.name),
          title: connector.name,
          shape: 'squircle',
          icon: connector.icon,
        }
      return network(networkKey(id))
    },
    fallback: genericImage,
  })
}
