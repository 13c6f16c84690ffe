import type {
  BitcoinFeeRatesResponse,
  CaipNetworkId,
  GasPriceResponse,
  HistoryResponse,
  TokenBalance,
} from '@latch/protocol'
import type { FastifyRequest } from 'fastify'
import type { Prices } from '../prices/prices.ts'
import type { GatewayMethods } from '../rpc/methods.ts'

/** The chain families the server serves, by their CAIP-2 namespace. */
export type FamilyNamespace = 'eip155' | 'solana' | 'bip122' | 'polkadot'

/** A balance entry as cached: everything but the icon URL, which depends on who asks. */
export type PricedBalance = Omit<TokenBalance, 'iconUrl'>

/** Where a family network writes what went wrong on the way to a 503. */
export type FamilyLog = { warn(details: object, message: string): void }

/**
 * One configured network, whatever its family: what a route asks of it. A route finds the network
 * by the request's CAIP-2 id (`Families.network`) and never looks at an address's shape itself.
 */
export type FamilyNetwork = {
  readonly namespace: FamilyNamespace
  readonly caipNetworkId: CaipNetworkId
  /**
   * `address` as an account of this network, in the one form caches and stores key it by; a 400
   * saying why when it is not one (another family's address, another network's, a bad checksum).
   */
  accountOf(address: string): Promise<string>
  /**
   * The native coin and the configured tokens `account` holds, priced in USD; a 503 naming the
   * network when its node does not answer.
   */
  balances(account: string, context: { prices: Prices; log: FamilyLog }): Promise<PricedBalance[]>
  /**
   * What a transaction costs now: gas prices in wei on EVM, fee rates in sat/vB on Bitcoin; a 503
   * naming the network when its node does not answer. Absent where the kit reads fees otherwise.
   */
  gasPrice?(log: FamilyLog): Promise<GasPriceResponse | BitcoinFeeRatesResponse>
  /**
   * What the JSON-RPC gateway (`POST /v1`) forwards to this network's nodes: their URLs, tried in
   * order, and the methods it lets through. Absent for a family without JSON-RPC.
   */
  readonly jsonRpc?: { urls: string[]; methods: GatewayMethods }
}

/** What a history page is asked for: one network of the family or all, where to go on from. */
export type HistoryQuery = {
  /** One of the family's networks; every network of the family the account can be on without. */
  caipNetworkId?: string | undefined
  /** The `next` of the page before, as this server gave it out. */
  cursor?: string | undefined
  /** An on-ramp provider: its paid orders for the account instead of transactions. */
  onramp?: string | undefined
}

/** The fields every family's sign-in message has, as the server's checks read them. */
export type SignInFields = {
  scheme?: string
  domain: string
  uri: string
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
}

/** A parsed sign-in message of one family: its fields, and how to find its chain and check it. */
export type SignInMessage = {
  fields: SignInFields
  /** The network and the account in the session's form; throws a 400 for an unsupported chain. */
  account(): {
    caipNetworkId: string
    chainId?: number
    address: string
    verify(): Promise<boolean>
  }
}

/** How a family reads the CAIP-122 sign-in messages its wallets sign. */
export type FamilySignIn = {
  /** Whether a message whose first line is `header` is this family's (each names its chain). */
  reads(header: string): boolean
  /** The message parsed and its signature's encoding checked; a 400 saying what is wrong. */
  parse(message: string, signature: string, log: FamilyLog): SignInMessage
}

/** A chain family on the server: its configured networks by CAIP-2 id. */
export type ServerFamily = {
  readonly namespace: FamilyNamespace
  readonly networks: ReadonlyMap<string, FamilyNetwork>
  /**
   * Whether `address` is written the way this family writes accounts: for a route asked about
   * an account on no network in particular (its history everywhere, its name).
   */
  writesAccount(address: string): boolean
  /**
   * A page of the account's history, newest first; `request` is the one asking, whose origin the
   * icons' and images' URLs are built on.
   */
  history(account: string, query: HistoryQuery, request: FastifyRequest): Promise<HistoryResponse>
  /** How the family's sign-in messages are read and their signatures checked. */
  readonly signIn: FamilySignIn
}
