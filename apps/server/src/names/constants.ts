// Limits of the names routes that are the server's own choice.

/** Name registrations and signed updates one IP may send per minute. */
export const NAMES_WRITES_PER_MINUTE = 20
/** At most this many free variants follow the asked name in suggestions. */
export const NAME_SUGGESTION_COUNT = 5
