import type { SignInFields } from '../types.ts'

// A placeholder with the final signature: the Sign In With Solana message is written elsewhere.
export function solanaSignInMessage(_fields: SignInFields): string {
  throw new Error('Solana sending is not available yet')
}
