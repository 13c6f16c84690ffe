import { phrase } from '../i18n/phrases.ts'

/** The Send view's message when a name could not be looked up. */
export const ERROR_RESOLVING_NAME = 'Error resolving name'
/** The server knows no such name. */
export const nameNotRegistered = (name: string) => phrase('names.notRegistered', { name })
/** The name exists but holds no EVM address to send to. */
export const nameWithoutAddress = (name: string) => phrase('names.noAddress', { name })
/** The RegisterAccountName view's message when suggestions cannot be fetched. */
export const ERROR_FETCHING_NAME_SUGGESTIONS = 'Error fetching name suggestions'
/** Names on a family the name service does not serve. */
export const NAMES_NOT_SUPPORTED = 'Network not supported for Names'

/** The families names are registered for: EVM accounts (the records carry an EVM coin type). */
export const NAMES_NAMESPACES = ['eip155'] as const
