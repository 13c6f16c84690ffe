/** An address as the kit shortens it: the first 6 characters, an ellipsis, the last 4. */
export const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
