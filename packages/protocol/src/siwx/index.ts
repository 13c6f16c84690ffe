export type { Caip122Message } from './caip122.ts'
export { checksumAddress, isHexAddress } from './checksumAddress.ts'
export { SIWE_HEADER_SUFFIX, SIWE_NONCE_MIN_LENGTH, SIWE_VERSION } from './constants.ts'
export { SiweMessageError } from './errors.ts'
export { formatSiweMessage } from './formatSiweMessage.ts'
export { parseSiweMessage } from './parseSiweMessage.ts'
export {
  formatSiwsMessage,
  parseSiwsMessage,
  SIWS_HEADER_SUFFIX,
  type SiwsMessage,
  SiwsMessageError,
} from './siws.ts'
export type { SiweField, SiweMessage } from './types.ts'
export { isRfc3339 } from './validate.ts'
