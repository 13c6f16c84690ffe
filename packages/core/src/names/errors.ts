/** The Send view's message when a name does not resolve to an address. */
export const ERROR_RESOLVING_NAME = 'Error resolving name'
/** The RegisterAccountName view's message when suggestions cannot be fetched. */
export const ERROR_FETCHING_NAME_SUGGESTIONS = 'Error fetching name suggestions'
