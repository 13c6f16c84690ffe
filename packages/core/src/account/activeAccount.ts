import type { CaipAddress, CaipNetworkId } from '@latch/protocol'
import type { ChainNamespace } from '../siteTypes.ts'

/** The account the modal works with, in CAIP form: what swap, on-ramp, names and balances read. */
export type ActiveAccount = {
  namespace: ChainNamespace
  address: string
  caipAddress: CaipAddress
  caipNetworkId: CaipNetworkId
}
