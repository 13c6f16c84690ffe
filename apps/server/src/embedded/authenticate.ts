import type { FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'
import type { EmbeddedContext } from './context.ts'
import { type WalletSession, WalletSessionStore } from './sessions.ts'
import { type WalletUser, WalletUserStore } from './users.ts'

/** The alert the kit shows: what an unknown, revoked or expired session is answered. */
export const SESSION_EXPIRED = 'Session Expired'

/** The bearer token of a call, or 401. */
export function bearerToken(request: FastifyRequest): string {
  const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(request.headers.authorization ?? '')
  if (!match) throw new HttpError(401, SESSION_EXPIRED)
  return match[1] as string
}

/** The live session of a call's bearer token and its user; 401 'Session Expired' otherwise. */
export async function authenticate(
  context: Pick<EmbeddedContext, 'db' | 'now'>,
  request: FastifyRequest,
): Promise<{ token: string; session: WalletSession; user: WalletUser }> {
  const token = bearerToken(request)
  const session = await new WalletSessionStore(context.db).findByToken(token)
  if (!session || session.revokedAt || session.expiresAt <= context.now())
    throw new HttpError(401, SESSION_EXPIRED)
  const user = await new WalletUserStore(context.db).get(session.userId)
  if (!user) throw new HttpError(401, SESSION_EXPIRED)
  return { token, session, user }
}
