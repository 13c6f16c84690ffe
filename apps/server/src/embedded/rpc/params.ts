import { withEvmChecksum } from '@latch/protocol'
import { z } from 'zod'
import { HttpError } from '../../errors.ts'

export const hexString = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/, 'Expected 0x-prefixed hex')
  .transform((value) => value as `0x${string}`)

export const addressParam = withEvmChecksum(
  z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-character address'),
).transform((value) => value as `0x${string}`)

/** A JSON-RPC quantity: 0x-prefixed hex without leading zeros (a few wallets send a number). */
export const quantity = z
  .union([
    z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a 0x-prefixed hex quantity'),
    z.number().int().nonnegative(),
  ])
  .transform((value) => BigInt(value))

/** The params of `method`, or 400 naming what is wrong with them. */
export function parseParams<Schema extends z.ZodType>(
  method: string,
  schema: Schema,
  params: unknown,
): z.infer<Schema> {
  const parsed = schema.safeParse(params)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? ` at params.${issue.path.join('.')}` : ''
  throw new HttpError(400, `Invalid ${method} params${where}: ${issue?.message ?? 'malformed'}`)
}

/** Refuses an address that is not the user's: the frame signs only as its user. */
export function assertOwnAddress(address: string, own: string): void {
  if (address.toLowerCase() !== own.toLowerCase())
    throw new HttpError(400, `Address ${address} is not the connected account`)
}
