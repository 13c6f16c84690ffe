/** The Send view's message when a name could not be looked up. */
export const ERROR_RESOLVING_NAME = 'Error resolving name'
/** The server knows no such name. */
export const nameNotRegistered = (name: string) => `${name} is not a registered name`
/** The name exists but holds no EVM address to send to. */
export const nameWithoutAddress = (name: string) => `${name} has no address to send to`
/** The RegisterAccountName view's message when suggestions cannot be fetched. */
export const ERROR_FETCHING_NAME_SUGGESTIONS = 'Error fetching name suggestions'
