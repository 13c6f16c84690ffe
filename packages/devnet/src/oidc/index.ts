export { type DevAccountClaims, devAccountClaims } from './accounts.ts'
export {
  DEFAULT_OIDC_PORT,
  DEV_EMAIL_DOMAIN,
  DEV_OIDC_CALLBACK_PATH,
  DEV_OIDC_CLIENT_ID,
} from './constants.ts'
export { type DevLoginOptions, loginAtDevProvider } from './login.ts'
export { type DevOidcProvider, type OidcProviderOptions, startOidcProvider } from './provider.ts'
