import type { CaipNetworkId } from '@latch/protocol'
import { serves } from '../chains/serves.ts'
import { NAMES_NAMESPACES } from './errors.ts'

/** Whether names can be registered on `caipNetworkId`: only its family's accounts are offered one. */
export const namesServe = (caipNetworkId: CaipNetworkId | undefined): boolean =>
  serves(NAMES_NAMESPACES, caipNetworkId)
