// The zod-free label rules and coin types (ENSIP-11) of the contract, for the page.
export {
  chainOfCoinType,
  coinTypeOfChain,
  DEFAULT_NAMES_ZONE,
  NAME_LABEL_MAX_LENGTH,
  NAME_LABEL_MIN_LENGTH,
} from '@latch/protocol/names'
export { NAME_SUGGESTIONS_DEBOUNCE_MS } from './constants.ts'
export { createIdentity, type IdentityController, type IdentityDeps } from './createIdentity.ts'
export {
  createNameSuggestions,
  type NameSuggestion,
  type NameSuggestionsController,
  type NameSuggestionsState,
  readSuggestions,
} from './createNameSuggestions.ts'
export {
  createNames,
  type NameRegistrationState,
  type NamesController,
  type NamesDeps,
} from './createNames.ts'
export { ERROR_FETCHING_NAME_SUGGESTIONS, ERROR_RESOLVING_NAME } from './errors.ts'
export { NAME_LABEL_ISSUES, nameLabelIssue, normalizeNameLabel } from './label.ts'
export { namesServe } from './namesServe.ts'
export { buildRegisterNameMessage } from './registerMessage.ts'
export { addressOfName, isNameLike, resolveName } from './resolveName.ts'
