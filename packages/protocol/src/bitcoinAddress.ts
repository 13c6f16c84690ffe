import { sha256 } from '@noble/hashes/sha2'
import type { BitcoinNetworkKind } from './bitcoin.ts'
import { decodeBase58, encodeBase58 } from './solanaAddress.ts'

// Bitcoin addresses without a Bitcoin library, so the server, the devnet and the page's Bitcoin
// chunk agree on one reading: bech32 (BIP-173) and bech32m (BIP-350) segwit addresses, and the
// base58check forms (P2PKH, P2SH) that older and nested-segwit wallets still hand out.

/** The output kinds an address can name. `witness` is a segwit version above 1 (not yet defined). */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'witness'

/**
 * What an address encodes. `networks` lists each network kind that writes it this way: a
 * base58 address of the test networks is also regtest's, a bech32 address names one kind.
 */
export type DecodedBitcoinAddress = {
  type: BitcoinAddressType
  networks: readonly BitcoinNetworkKind[]
  /** Segwit version (0 to 16); undefined for base58 addresses. */
  witnessVersion?: number
  /** The hash or witness program the output script pays to. */
  program: Uint8Array
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32_CONSTANT = 1
const BECH32M_CONSTANT = 0x2bc830a3
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

/** The human-readable part of each network's segwit addresses. */
const HRP_NETWORK: Record<string, BitcoinNetworkKind> = {
  bc: 'mainnet',
  tb: 'testnet',
  bcrt: 'regtest',
}
const NETWORK_HRP: Record<BitcoinNetworkKind, string> = {
  mainnet: 'bc',
  testnet: 'tb',
  regtest: 'bcrt',
}

function polymod(values: number[]): number {
  let checksum = 1
  for (const value of values) {
    const top = checksum >>> 25
    checksum = ((checksum & 0x1ffffff) << 5) ^ value
    for (let bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum ^= GENERATOR[bit] as number
  }
  return checksum >>> 0
}

function expandHrp(hrp: string): number[] {
  const high = [...hrp].map((character) => character.charCodeAt(0) >> 5)
  const low = [...hrp].map((character) => character.charCodeAt(0) & 31)
  return [...high, 0, ...low]
}

/** Regroups bits (8 to 5 or 5 to 8); undefined when 5-to-8 leaves non-zero or too much padding. */
function convertBits(data: readonly number[], from: number, to: number, pad: boolean) {
  let accumulator = 0
  let bits = 0
  const result: number[] = []
  const mask = (1 << to) - 1
  for (const value of data) {
    accumulator = (accumulator << from) | value
    bits += from
    while (bits >= to) {
      bits -= to
      result.push((accumulator >> bits) & mask)
    }
  }
  if (pad) {
    if (bits > 0) result.push((accumulator << (to - bits)) & mask)
  } else if (bits >= from || ((accumulator << (to - bits)) & mask) !== 0) return undefined
  return result
}

/** A segwit address's parts, or undefined when its characters or checksum are wrong. */
function decodeSegwit(address: string) {
  // Either case is valid, never a mix (so a QR code can carry it upper case).
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined
  const lower = address.toLowerCase()
  const separator = lower.lastIndexOf('1')
  if (separator < 1 || separator + 7 > lower.length || lower.length > 90) return undefined
  const hrp = lower.slice(0, separator)
  const network = HRP_NETWORK[hrp]
  if (!network) return undefined
  const data: number[] = []
  for (const character of lower.slice(separator + 1)) {
    const value = BECH32_CHARSET.indexOf(character)
    if (value < 0) return undefined
    data.push(value)
  }
  const constant = polymod([...expandHrp(hrp), ...data])
  const [witnessVersion, ...words] = data.slice(0, -6)
  if (witnessVersion === undefined || witnessVersion > 16) return undefined
  // Version 0 is written in bech32, every later version in bech32m: the other checksum is invalid.
  if (constant !== (witnessVersion === 0 ? BECH32_CONSTANT : BECH32M_CONSTANT)) return undefined
  const program = convertBits(words, 5, 8, false)
  if (!program || program.length < 2 || program.length > 40) return undefined
  if (witnessVersion === 0 && program.length !== 20 && program.length !== 32) return undefined
  return { network, witnessVersion, program: Uint8Array.from(program) }
}

const BASE58_VERSIONS: Record<number, { type: 'p2pkh' | 'p2sh'; networks: BitcoinNetworkKind[] }> =
  {
    0: { type: 'p2pkh', networks: ['mainnet'] },
    5: { type: 'p2sh', networks: ['mainnet'] },
    111: { type: 'p2pkh', networks: ['testnet', 'regtest'] },
    196: { type: 'p2sh', networks: ['testnet', 'regtest'] },
  }

function decodeBase58Check(address: string): DecodedBitcoinAddress | undefined {
  if (address.length < 26 || address.length > 35) return undefined
  const bytes = decodeBase58(address)
  if (bytes?.length !== 25) return undefined
  const payload = bytes.subarray(0, 21)
  const checksum = sha256(sha256(payload)).subarray(0, 4)
  if (checksum.some((byte, index) => byte !== bytes[21 + index])) return undefined
  const version = BASE58_VERSIONS[payload[0] as number]
  if (!version) return undefined
  return { type: version.type, networks: version.networks, program: payload.slice(1) }
}

/**
 * What a Bitcoin address encodes, or undefined when it is not one (a wrong character, a wrong
 * checksum, a program of an impossible length). Says nothing yet about the network in use: see
 * `bitcoinAddressProblem`.
 */
export function decodeBitcoinAddress(address: string): DecodedBitcoinAddress | undefined {
  const segwit = decodeSegwit(address)
  if (segwit) {
    const { network, witnessVersion, program } = segwit
    const type: BitcoinAddressType =
      witnessVersion === 0
        ? program.length === 20
          ? 'p2wpkh'
          : 'p2wsh'
        : witnessVersion === 1 && program.length === 32
          ? 'p2tr'
          : 'witness'
    return { type, networks: [network], witnessVersion, program }
  }
  return decodeBase58Check(address)
}

const NETWORK_NAMES: Record<BitcoinNetworkKind, string> = {
  mainnet: 'Bitcoin mainnet',
  testnet: 'Bitcoin testnet',
  regtest: 'Bitcoin regtest',
}

/** The prefixes a network's addresses start with, as a visitor reads them in a message. */
const NETWORK_PREFIXES: Record<BitcoinNetworkKind, string> = {
  mainnet: 'bc1, 1 or 3',
  testnet: 'tb1, m, n or 2',
  regtest: 'bcrt1, m, n or 2',
}

/**
 * Why `address` cannot receive on a network of `kind`, or undefined when it can. A well-formed
 * address of another network is named as such (the usual mistake: a mainnet address pasted on
 * testnet), anything else is "not a Bitcoin address".
 * @example bitcoinAddressProblem('bc1q...', 'testnet') // 'This is a Bitcoin mainnet address: ...'
 */
export function bitcoinAddressProblem(
  address: string,
  kind: BitcoinNetworkKind,
): string | undefined {
  const decoded = decodeBitcoinAddress(address)
  if (!decoded)
    return `Not a valid Bitcoin address: ${NETWORK_NAMES[kind]} addresses start with ${NETWORK_PREFIXES[kind]}`
  if (decoded.networks.includes(kind)) return undefined
  const other = decoded.networks[0] as BitcoinNetworkKind
  return `This is a ${NETWORK_NAMES[other]} address: ${NETWORK_NAMES[kind]} addresses start with ${NETWORK_PREFIXES[kind]}`
}

/** Whether `address` is a Bitcoin address, of the network `kind` when one is given. */
export function isBitcoinAddress(address: string, kind?: BitcoinNetworkKind): boolean {
  const decoded = decodeBitcoinAddress(address)
  return decoded !== undefined && (kind === undefined || decoded.networks.includes(kind))
}

/** The output script (scriptPubKey) an address pays to. */
export function bitcoinOutputScript(decoded: DecodedBitcoinAddress): Uint8Array {
  const { type, program } = decoded
  if (type === 'p2pkh') return Uint8Array.from([0x76, 0xa9, 20, ...program, 0x88, 0xac])
  if (type === 'p2sh') return Uint8Array.from([0xa9, 20, ...program, 0x87])
  const version = decoded.witnessVersion ?? 0
  // OP_0, or OP_1 (0x51) to OP_16 for later versions, then a push of the program.
  return Uint8Array.from([version === 0 ? 0 : 0x50 + version, program.length, ...program])
}

/** The segwit address of a witness program on a network of `kind` (bech32 for v0, bech32m after). */
export function encodeSegwitAddress(
  kind: BitcoinNetworkKind,
  witnessVersion: number,
  program: Uint8Array,
): string {
  const hrp = NETWORK_HRP[kind]
  const data = [witnessVersion, ...(convertBits([...program], 8, 5, true) as number[])]
  const constant = witnessVersion === 0 ? BECH32_CONSTANT : BECH32M_CONSTANT
  const checksum = polymod([...expandHrp(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ constant
  const checksumWords = [0, 1, 2, 3, 4, 5].map((index) => (checksum >>> (5 * (5 - index))) & 31)
  return `${hrp}1${[...data, ...checksumWords].map((value) => BECH32_CHARSET[value]).join('')}`
}

const BASE58_VERSION_OF: Record<'p2pkh' | 'p2sh', Record<BitcoinNetworkKind, number>> = {
  p2pkh: { mainnet: 0x00, testnet: 0x6f, regtest: 0x6f },
  p2sh: { mainnet: 0x05, testnet: 0xc4, regtest: 0xc4 },
}

/**
 * The address an output script pays to on a network of `kind`, or undefined for a script no
 * address names (OP_RETURN, bare multisig, a bare public key).
 */
export function bitcoinAddressFromScript(
  script: Uint8Array,
  kind: BitcoinNetworkKind,
): string | undefined {
  const [first, second] = script
  if (
    script.length === 25 &&
    first === 0x76 &&
    second === 0xa9 &&
    script[2] === 20 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  )
    return base58Check(BASE58_VERSION_OF.p2pkh[kind], script.subarray(3, 23))
  if (script.length === 23 && first === 0xa9 && second === 20 && script[22] === 0x87)
    return base58Check(BASE58_VERSION_OF.p2sh[kind], script.subarray(2, 22))
  // A witness program: a version opcode (OP_0, or OP_1 to OP_16) and one push of 2 to 40 bytes.
  const isVersion = first === 0 || (first !== undefined && first >= 0x51 && first <= 0x60)
  if (!isVersion || second === undefined || second < 2 || second > 40) return undefined
  if (script.length !== second + 2) return undefined
  const version = first === 0 ? 0 : (first as number) - 0x50
  if (version === 0 && second !== 20 && second !== 32) return undefined
  return encodeSegwitAddress(kind, version, script.subarray(2))
}

function base58Check(version: number, hash: Uint8Array): string {
  const payload = Uint8Array.from([version, ...hash])
  const checksum = sha256(sha256(payload)).subarray(0, 4)
  return encodeBase58(Uint8Array.from([...payload, ...checksum]))
}
