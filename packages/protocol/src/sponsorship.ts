// Sponsored gas: how the server's paymaster service says no, in words both sides share. No zod
// here: the page bundle imports this file.

/**
 * The JSON-RPC error code of POST /v1/paymaster when the project will not pay for an operation
 * (in JSON-RPC's range for server-defined errors). Its `data.reason` is a SponsorshipRefusal.
 */
export const SPONSORSHIP_REFUSED_CODE = -32010

/** Why a project does not pay, each in the words a visitor reads after "not paying for this transaction:". */
export const SPONSORSHIP_REFUSALS = {
  /** The project sponsors nothing (its policy is off, or it has none). */
  disabled: 'it does not sponsor network fees',
  /** The project's budget for the current period is spent, or would be by this operation. */
  budget: 'its budget for network fees is used up for now',
  /** This account reached the project's cap for one visitor in one day. */
  visitorCap: "you have reached today's limit of sponsored network fees",
  /** The operation calls a contract the project does not pay for. */
  target: 'it only pays for calls to its own contracts',
  /** The sponsor cannot pay now: no paymaster on the chain, its deposit is low, or it refused. */
  unavailable: 'its gas sponsor is not available right now',
} as const

export type SponsorshipRefusal = keyof typeof SPONSORSHIP_REFUSALS

export function isSponsorshipRefusal(value: unknown): value is SponsorshipRefusal {
  return typeof value === 'string' && Object.hasOwn(SPONSORSHIP_REFUSALS, value)
}

/**
 * What a visitor is told when the site does not pay for the operation and it goes ahead self-paid.
 * @example sponsorshipRefusedMessage('budget')
 * // 'This site is not paying for this transaction: its budget for network fees is used up for now. You pay the network fee.'
 */
export function sponsorshipRefusedMessage(reason: SponsorshipRefusal): string {
  return `This site is not paying for this transaction: ${SPONSORSHIP_REFUSALS[reason]}. You pay the network fee.`
}
