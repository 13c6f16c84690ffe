/** Base of every error the WalletConnect test wallet throws at its caller (not at the dapp). */
export class WcTestWalletError extends Error {
  override name = 'WcTestWalletError'
  /** One line saying what went wrong. */
  readonly shortMessage: string

  constructor(shortMessage: string, details?: string) {
    super(details ? `${shortMessage}\n${details}` : shortMessage)
    this.shortMessage = shortMessage
  }
}

/** approve() / reject() with no proposal waiting. */
export class NoPendingProposalError extends WcTestWalletError {
  override name = 'NoPendingProposalError'
  constructor() {
    super('No session proposal is pending: call pair() first.')
  }
}

/** A session action with no settled session. */
export class NoSessionError extends WcTestWalletError {
  override name = 'NoSessionError'
  constructor() {
    super('The wallet has no session: approve() a proposal first.')
  }
}

/** The proposal requires chains the wallet does not have, or none it has. */
export class UnsupportedChainsError extends WcTestWalletError {
  override name = 'UnsupportedChainsError'
  readonly chains: readonly string[]
  constructor(chains: readonly string[], detail: string) {
    super(`The wallet cannot approve the proposal: ${detail}.`, `chains: ${chains.join(', ')}`)
    this.chains = chains
  }
}

/** switchChain() to a chain the wallet was not given. */
export class UnknownChainError extends WcTestWalletError {
  override name = 'UnknownChainError'
  readonly chainId: number
  constructor(chainId: number) {
    super(`The wallet has no chain ${chainId}.`)
    this.chainId = chainId
  }
}

/** switchAccount() past the keys the wallet holds. */
export class AccountIndexError extends WcTestWalletError {
  override name = 'AccountIndexError'
  constructor(index: number, count: number) {
    super(`The wallet has no account ${index}: it holds ${count}.`)
  }
}

/** switchSolanaAccount() on a wallet created without a Solana account. */
export class NoSolanaAccountError extends WcTestWalletError {
  override name = 'NoSolanaAccountError'
  constructor() {
    super('The wallet has no Solana account: create it with the `solana` option.')
  }
}

/** Something the wallet waited for did not happen in time. */
export class WcTimeoutError extends WcTestWalletError {
  override name = 'WcTimeoutError'
  constructor(what: string, timeoutMs: number) {
    super(`Timed out after ${timeoutMs} ms waiting for ${what}.`)
  }
}

/** The dapp answered a request of the wallet's (a session update) with a JSON-RPC error. */
export class PeerRejectedError extends WcTestWalletError {
  override name = 'PeerRejectedError'
  readonly code: number
  constructor(method: string, error: { code: number; message: string }) {
    super(`The dapp answered ${method} with error ${error.code}: ${error.message}`)
    this.code = error.code
  }
}

export type WcTestWalletErrorType =
  | PeerRejectedError
  | NoPendingProposalError
  | NoSessionError
  | UnsupportedChainsError
  | UnknownChainError
  | AccountIndexError
  | WcTimeoutError
