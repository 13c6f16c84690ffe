import type { z } from 'zod'
import { type CaipAddress, type CaipNetworkId, isCaipAddress, isCaipNetworkId } from './caip.ts'
import { text } from './text.ts'

// Refinements, not transforms: response schemas must also encode (serialize), which a transform cannot.
export const caipNetworkId = text().refine(
  isCaipNetworkId,
  'Expected a CAIP-2 network id such as eip155:1',
) as unknown as z.ZodType<CaipNetworkId, string>

export const caipAddress = text().refine(
  isCaipAddress,
  'Expected a CAIP-10 account id such as eip155:1:0xabc...',
) as unknown as z.ZodType<CaipAddress, string>
