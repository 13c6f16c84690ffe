export { SocialLoginError } from './errors.ts'
export type { ProviderIdentity } from './oauth2Identity.ts'
export { type SocialProviderConfig, socialProvidersFromEnv } from './providers.ts'
export {
  createSocialLogin,
  type PendingAuthorization,
  type SocialIdentity,
  type SocialLogin,
} from './socialLogin.ts'
