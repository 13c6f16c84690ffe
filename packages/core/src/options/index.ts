export { resolveOptions } from './resolveOptions.ts'
export type {
  LatchOptions,
  Metadata,
  ResolvedOptions,
  SocialProvider,
  ThemeVariables,
} from './types.ts'
