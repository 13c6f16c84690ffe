import type { CaipAddress } from '@latch/protocol'
import { NATIVE_TOKEN_ADDRESS } from '@latch/protocol/constants'

/** Whether a CAIP-10 token id names the chain's native coin (`eip155:<id>:0xeeee...eeee`). */
export function isNativeToken(id: CaipAddress | string): boolean {
  return id.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`)
}
