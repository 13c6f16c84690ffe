import { walletIdValue } from '@latch/protocol'
import { z } from 'zod'
import { walletIcon } from '../icons.ts'
import { initials } from '../images.ts'
import type { WalletStore } from '../wallets.ts'
import { imageRoute } from './imageRoute.ts'

/** GET /getWalletImage/{id}: the icon of a wallet, by its `image_id`. */
export const walletImageRoute = (deps: { wallets: WalletStore }) =>
  imageRoute({
    url: '/getWalletImage',
    summary: "A wallet's icon (SVG), by the wallet's image_id",
    kind: 'wallet image',
    params: z.object({ id: walletIdValue }),
    async find(id) {
      const wallet = await deps.wallets.findByImageId(id)
      return (
        wallet && {
          seed: `wallet:${wallet.id}`,
          label: initials(wallet.name),
          title: wallet.name,
          shape: 'squircle',
          icon: walletIcon(wallet.id),
        }
      )
    },
  })
