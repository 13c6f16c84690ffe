import { ROUTES } from '@latch/protocol/routes'
import {
  isSponsorshipRefusal,
  SPONSORSHIP_REFUSED_CODE,
  type SponsorshipRefusal,
  sponsorshipRefusedMessage,
} from '@latch/protocol/sponsorship'
import { errorChain } from '../errorChain.ts'

/**
 * The EntryPoint's codes for a paymaster that did not pay (not deployed, deposit too low, expired,
 * reverted, bad signature, over its gas, its postOp), as a bundler quotes them.
 */
const SPONSOR_AA_CODE = /\bAA(3[0-6]|5[01])\b/

type Link = {
  code?: unknown
  data?: unknown
  name?: unknown
  url?: unknown
  message?: unknown
  shortMessage?: unknown
  details?: unknown
}

const dataReason = (link: Link): unknown => (link.data as { reason?: unknown } | undefined)?.reason

/** Why the sponsor did not pay, as far as one link of the error chain tells. */
function reasonOf(link: Link, links: readonly Link[]): SponsorshipRefusal | undefined {
  if (link.code === SPONSORSHIP_REFUSED_CODE) {
    // viem's wrappers copy the code, not the data: the reason is on a link further down.
    const reason = links.map(dataReason).find(isSponsorshipRefusal)
    return reason ?? 'unavailable'
  }
  // The paymaster route itself did not answer (down, rate-limited): nobody is paying now.
  if (link.name === 'HttpRequestError' && typeof link.url === 'string')
    return new URL(link.url, 'http://x').pathname.endsWith(ROUTES.paymaster.path)
      ? 'unavailable'
      : undefined
  const texts = [link.shortMessage, link.details, link.message]
  if (texts.some((text) => typeof text === 'string' && SPONSOR_AA_CODE.test(text)))
    return 'unavailable'
  return undefined
}

/**
 * The notice for a visitor whose user operation the site does not pay for, so the kit sends it
 * self-paid instead: from the error of Latch's paymaster service (its JSON-RPC refusal names the
 * reason: no sponsorship, budget or daily cap used up, a contract it does not pay for), of the
 * paymaster route not answering, or of a bundler refusing the sponsor's part (AA3x). Undefined
 * for any other error, which is no reason to fall back.
 * @example sponsorshipNotice(error) // 'This site is not paying for this transaction: you have reached today's limit of sponsored network fees. You pay the network fee.'
 */
export function sponsorshipNotice(error: unknown): string | undefined {
  const links = errorChain(error).filter(
    (link): link is Link => link !== null && typeof link === 'object',
  )
  for (const link of links) {
    const reason = reasonOf(link, links)
    if (reason) return sponsorshipRefusedMessage(reason)
  }
  return undefined
}
