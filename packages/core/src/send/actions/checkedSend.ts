import type { Transfer } from '../../chains/types.ts'
import type { SendReview } from '../sendFlowTypes.ts'
import type { tokenOf } from '../tokenOf.ts'

/** A send checked by its family's rules and against the balance, and what its review shows. */
export type CheckedSend = {
  transfer: Transfer
  review: SendReview
  /** What the account holds of the token (the native coin read afresh). */
  held: bigint
  token: ReturnType<typeof tokenOf>
}
