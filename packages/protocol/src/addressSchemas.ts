import type { z } from 'zod'
import { isBitcoinAddress } from './bitcoinAddress.ts'
import {
  type CaipAddress,
  type CaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
} from './caip.ts'
import { EVM_CHECKSUM_MESSAGE, evmAddressProblem } from './evmAddress.ts'
import { isSs58Address } from './polkadotAddress.ts'
import { isSolanaAddress } from './solanaAddress.ts'
import { text } from './text.ts'

// Callers name an address in one of two forms, and the routes take both everywhere: plain
// (`0x` + 40 hex, what most clients keep for the connected account) and CAIP-10
// (`eip155:31337:0x...`, which also names the chain). `plainOrCaipAddress` checks either form; a route then
// normalizes it once, in its schema: `evmAddress` to the plain form where only the account
// matters, `addressesOnOneChain` to CAIP-10 where the chain matters too. In every form an EVM
// address is in one case or in its EIP-55 checksum's (`withEvmChecksum`).

const PLAIN_EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const EIP155_ADDRESS = /^eip155:\d+:0x[0-9a-fA-F]{40}$/

export const ADDRESS_FORMS_MESSAGE =
  'Expected an address: 0x followed by 40 hex characters, or a CAIP-10 account id such as eip155:1:0x...'

/** The 40 hex digits of an EVM address in each form a route takes: with or without 0x, or CAIP-10. */
const EVM_DIGITS = /^(?:eip155:\d+:)?(?:0x)?([0-9a-fA-F]{40})$/

/**
 * Whether an EVM address, in any form a route takes, is in one case or in its EIP-55 checksum's.
 * A value of no such form passes: the format check beside this one refuses it with its own words.
 */
const caseIsChecksum = (value: string): boolean => {
  const digits = EVM_DIGITS.exec(value)?.[1]
  return digits === undefined || evmAddressProblem(digits) !== 'checksum'
}

/**
 * `schema` with the EIP-55 rule: a mixed-case EVM address whose case is not its checksum, a likely
 * typo, is refused (a 400 naming the field), never sent to or looked up.
 * @example withEvmChecksum(text().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address'))
 */
export const withEvmChecksum = <Schema extends z.ZodType<string, string>>(schema: Schema): Schema =>
  schema.refine(caseIsChecksum, EVM_CHECKSUM_MESSAGE)

/** Whether a value is a plain EVM address (`0x` + 40 hex), as opposed to a CAIP-10 id. */
export const isPlainEvmAddress = (value: string): value is `0x${string}` =>
  PLAIN_EVM_ADDRESS.test(value)

/**
 * Either form of an address. On eip155 a CAIP-10 id must hold a 0x address of 40 hex characters;
 * another namespace passes here, and each route says whether it serves it.
 */
export const plainOrCaipAddress = withEvmChecksum(
  text().refine(
    (value) =>
      isPlainEvmAddress(value) ||
      (isCaipAddress(value) && (!value.startsWith('eip155:') || EIP155_ADDRESS.test(value))),
    ADDRESS_FORMS_MESSAGE,
  ),
) as unknown as z.ZodType<`0x${string}` | CaipAddress, string>

const EVM_ADDRESS_MESSAGE =
  'Expected an EVM address: 0x followed by 40 hex characters, or eip155:<chain id>:0x...'

/**
 * An EVM account where its chain does not matter (an EVM address is the same account on every EVM
 * chain; the route's own chainId picks the chain): plain, 40 hex characters without 0x, or an
 * eip155 CAIP-10 id. Gives the plain `0x` form.
 */
export const evmAddress = withEvmChecksum(
  text().refine(
    (value) => /^(0x)?[0-9a-fA-F]{40}$/.test(value) || EIP155_ADDRESS.test(value),
    EVM_ADDRESS_MESSAGE,
  ),
).transform((value): `0x${string}` => {
  const hex = value.slice(-40)
  return `0x${hex}`
})

const ACCOUNT_MESSAGE =
  'Expected an account address: an EVM address (0x followed by 40 hex characters, or ' +
  'eip155:<chain id>:0x...), a Solana address (32 to 44 base58 characters, or solana:<genesis>:<address>) ' +
  'a Bitcoin address (bc1..., tb1..., bcrt1..., 1..., 3..., or bip122:<genesis>:<address>) ' +
  'or a Polkadot address (SS58, or polkadot:<genesis>:<address>)'

/** The address part of a `solana:`, `bip122:` or `polkadot:` CAIP-10 id; anything else as it is. */
const plainPart = (value: string) =>
  value.startsWith('solana:') || value.startsWith('bip122:') || value.startsWith('polkadot:')
    ? value.slice(value.lastIndexOf(':') + 1)
    : value

/**
 * An account of any chain family the account routes serve, in the family's plain form: EVM as
 * `evmAddress` gives it (`0x`...), Solana as base58, Bitcoin as written (its checksum tells it
 * apart from the others: bech32 or base58check), Polkadot as SS58 (base58 of 35 or 36 bytes with
 * its own checksum, never the 32 of a Solana key). A CAIP-10 id is taken for its address; the
 * route's chainId picks the chain and checks the address is of its network.
 */
export const accountAddress = withEvmChecksum(
  text().refine(
    (value) =>
      /^(0x)?[0-9a-fA-F]{40}$/.test(value) ||
      EIP155_ADDRESS.test(value) ||
      isBitcoinAddress(plainPart(value)) ||
      isSs58Address(plainPart(value)) ||
      isSolanaAddress(plainPart(value)),
    ACCOUNT_MESSAGE,
  ),
).transform((value): string => {
  const plain = plainPart(value)
  if (isBitcoinAddress(plain)) return plain
  if (isSs58Address(plain)) return plain
  if (isSolanaAddress(plain) && !/^(0x)?[0-9a-fA-F]{40}$/.test(plain)) return plain
  return `0x${value.slice(-40)}`
})

/** Whether an address `accountAddress` gave is an EVM one (else Solana's base58 or Bitcoin's). */
export const isEvmAccount = (address: string): address is `0x${string}` =>
  isPlainEvmAddress(address)

/** Whether an address `accountAddress` gave is a Bitcoin one (of some network). */
export const isBitcoinAccount = (address: string): boolean => isBitcoinAddress(address)

/** Whether an address `accountAddress` gave is a Polkadot (SS58) one, of some network. */
export const isPolkadotAccount = (address: string): boolean => isSs58Address(address)

/** The CAIP-2 chain of a CAIP-10 id. */
const chainOfId = (id: CaipAddress): CaipNetworkId => {
  const { namespace, reference } = parseCaipAddress(id)
  return `${namespace}:${reference}`
}

/** What a call's schema gives for its address fields: each one a CAIP-10 id. */
type WithCaipAddresses<T, Field extends keyof T> = Omit<T, Field> & {
  [Key in Field]: undefined extends T[Key] ? CaipAddress | undefined : CaipAddress
}

/**
 * Gives each plain address among `fields` the chain of the call: the CAIP-2 `chainId` when the
 * call has one, else the chain of the first CAIP-10 address among `fields` (a quote's token ids
 * name the chain of a plain userAddress). A plain address with no chain to take is a 400 naming
 * the field; a CAIP-10 field on another chain than `chainId` is one too. CAIP-10 fields pass as
 * they are, so a route that compares their chains still sees what was sent.
 * @example addressesOnOneChain(z.object({ userAddress: plainOrCaipAddress, from: plainOrCaipAddress }), ['userAddress', 'from'])
 */
export function addressesOnOneChain<
  Shape extends z.ZodRawShape,
  const Field extends keyof z.output<z.ZodObject<Shape>> & string,
>(schema: z.ZodObject<Shape>, fields: readonly Field[]) {
  return schema.transform((value, context) => {
    const given = value as Record<string, unknown>
    const chainId =
      typeof given.chainId === 'string' && isCaipNetworkId(given.chainId)
        ? given.chainId
        : undefined
    const ids = fields
      .map((field) => ({ field, value: given[field] }))
      .filter(
        (entry): entry is { field: Field; value: CaipAddress } =>
          typeof entry.value === 'string' && isCaipAddress(entry.value),
      )
    for (const id of ids)
      if (chainId && chainOfId(id.value) !== chainId)
        context.addIssue({
          code: 'custom',
          path: [id.field],
          message: `${id.field} is on ${chainOfId(id.value)}, chainId is ${chainId}`,
        })
    const chain = chainId ?? (ids[0] ? chainOfId(ids[0].value) : undefined)
    const normalized: Record<string, unknown> = { ...given }
    for (const field of fields) {
      const plain = given[field]
      if (typeof plain !== 'string' || !isPlainEvmAddress(plain)) continue
      if (chain) normalized[field] = `${chain}:${plain}`
      else
        context.addIssue({
          code: 'custom',
          path: [field],
          message:
            `${field} is a plain address and nothing else in the call names its chain: ` +
            `send it as CAIP-10 (eip155:<chain id>:${plain}), or the other addresses as CAIP-10`,
        })
    }
    return normalized as WithCaipAddresses<z.output<z.ZodObject<Shape>>, Field>
  })
}
