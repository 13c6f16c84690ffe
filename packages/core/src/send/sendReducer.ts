import type { Text } from '@latch/protocol/i18n'
import { isNameLike } from '../names/resolveName.ts'
import type {
  FeeSpeed,
  ReceiverResolution,
  SendFee,
  SendFeeRate,
  SendFlowState,
  SendResult,
  SendReview,
} from './sendFlowTypes.ts'

/** What happens to a Send flow: the visitor's input, the answers of the chain and the wallet. */
export type SendEvent =
  | { type: 'tokenChosen'; tokenKey: string }
  | { type: 'amountTyped'; amount: string }
  /** An amount the flow worked out (Max). */
  | { type: 'amountFilled'; amount: string }
  | { type: 'receiverTyped'; receiver: string }
  /** What a name typed as the receiver points to, or why it points nowhere. */
  | {
      type: 'nameAnswered'
      resolution: Extract<ReceiverResolution, { status: 'resolved' | 'error' }>
    }
  | { type: 'feeRateChosen'; choice: FeeSpeed | 'custom'; custom?: string }
  | { type: 'feeChanged'; fee?: SendFee; feeRate?: SendFeeRate }
  | { type: 'failed'; error: Text }
  | { type: 'reviewed'; review: SendReview; fee: SendFee; feeRate?: SendFeeRate }
  /** The review's fee, and what the native balance lacks to pay it with the amount. */
  | { type: 'reviewPriced'; fee: SendFee; shortfall?: Text }
  /** The review's fee could not be estimated: the wallet estimates again, so Send stays on. */
  | { type: 'reviewFeeFailed'; error: Text }
  | { type: 'edited' }
  | { type: 'sending' }
  | { type: 'sendFailed'; error: Text }
  | { type: 'sent'; result: SendResult }
  | { type: 'receipt'; hash: string; status: SendResult['status'] }
  | { type: 'reset' }

/** A fresh form: nothing chosen, typed or reckoned. */
export const initialSendState = (): SendFlowState => ({
  step: 'form',
  tokenKey: undefined,
  amount: '',
  receiver: '',
  resolution: { status: 'idle' },
  fee: { status: 'idle' },
  feeRate: undefined,
  error: undefined,
  review: undefined,
  result: undefined,
})

/** A name typed is looked up once typing pauses; anything else is an address, nothing to look up. */
function resolutionOf(receiver: string): ReceiverResolution {
  const name = isNameLike(receiver) ? receiver.trim() : undefined
  return name ? { status: 'resolving', name } : { status: 'idle' }
}

/** The form's input changes only in the form: the review shows what was checked, unchanged. */
function formEvent(state: SendFlowState, event: SendEvent): SendFlowState | undefined {
  if (state.step !== 'form') return undefined
  switch (event.type) {
    case 'tokenChosen':
      return { ...state, tokenKey: event.tokenKey, error: undefined }
    case 'amountTyped':
      return { ...state, amount: event.amount }
    case 'receiverTyped':
      return { ...state, receiver: event.receiver, resolution: resolutionOf(event.receiver) }
    case 'feeRateChosen':
      return state.feeRate
        ? {
            ...state,
            feeRate: {
              ...state.feeRate,
              choice: event.choice,
              ...(event.custom !== undefined ? { custom: event.custom } : {}),
            },
            error: undefined,
          }
        : state
    default:
      return undefined
  }
}

/** From the review on: sending, its failure, the result and its receipt. */
function sendEvent(state: SendFlowState, event: SendEvent): SendFlowState {
  switch (event.type) {
    case 'edited':
      return state.step === 'review'
        ? { ...state, step: 'form', error: undefined, review: undefined }
        : state
    case 'sending':
      return { ...state, step: 'sending', error: undefined }
    case 'sendFailed':
      // Left meanwhile (a fresh form): the failure is the snackbar's to tell, not this form's.
      return state.step === 'sending' ? { ...state, step: 'review', error: event.error } : state
    case 'sent':
      return { ...state, step: 'sent', result: event.result }
    case 'receipt':
      return state.result?.hash === event.hash
        ? { ...state, result: { ...state.result, status: event.status } }
        : state
    case 'reset':
      return initialSendState()
    default:
      return state
  }
}

/**
 * The Send flow's next state after `event`: a pure function, so each step of the flow reads as a
 * transition. Late answers are the actions' to drop; what is checked here is what the state alone
 * decides (input only in the form, a name's answer only for the receiver still typed).
 * @example reduceSend(initialSendState(), { type: 'amountTyped', amount: '1.5' })
 */
export function reduceSend(state: SendFlowState, event: SendEvent): SendFlowState {
  const form = formEvent(state, event)
  if (form) return form
  switch (event.type) {
    case 'tokenChosen':
    case 'amountTyped':
    case 'receiverTyped':
    case 'feeRateChosen':
      return state
    case 'amountFilled':
      return { ...state, amount: event.amount }
    case 'nameAnswered':
      return state.receiver.trim() === event.resolution.name
        ? { ...state, resolution: event.resolution }
        : state
    case 'feeChanged':
      return {
        ...state,
        ...(event.fee ? { fee: event.fee } : {}),
        ...(event.feeRate ? { feeRate: event.feeRate } : {}),
      }
    case 'failed':
      return { ...state, error: event.error }
    case 'reviewed':
      return {
        ...state,
        step: 'review',
        error: undefined,
        review: event.review,
        fee: event.fee,
        ...(event.feeRate ? { feeRate: event.feeRate } : {}),
      }
    case 'reviewPriced':
      return {
        ...state,
        fee: event.fee,
        ...(event.shortfall && state.review
          ? { review: { ...state.review, shortfall: event.shortfall } }
          : {}),
      }
    case 'reviewFeeFailed':
      return { ...state, fee: { status: 'unavailable' }, error: event.error }
    default:
      return sendEvent(state, event)
  }
}
