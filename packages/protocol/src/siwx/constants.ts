/** What follows the domain on the first line of every EIP-4361 message. */
export const SIWE_HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:'

/** EIP-4361: a nonce is at least 8 alphanumeric characters. */
export const SIWE_NONCE_MIN_LENGTH = 8

/** The only message version EIP-4361 defines. */
export const SIWE_VERSION = '1'
