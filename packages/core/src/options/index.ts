export { resolveOptions } from './resolveOptions.ts'
export type {
  CaipNetwork,
  ChainNamespace,
  ConnectMethod,
  Features,
  LatchOptions,
  Metadata,
  ResolvedOptions,
  SocialProvider,
  ThemeMode,
  ThemeVariables,
} from './types.ts'
