/**
 * A social login that did not go through, with a message safe to show the user as is (it names
 * no secret and repeats nothing a caller sent, beyond a plain OAuth error code). The original
 * failure, for the log, is its `cause`.
 */
export class SocialLoginError extends Error {
  override name = 'SocialLoginError'
}
