import {
  BaseError,
  HttpRequestError,
  InsufficientFundsError,
  InternalRpcError,
  TransactionExecutionError,
  TransactionRejectedRpcError,
  UnknownRpcError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { HttpStatusError } from './api/client.ts'
import {
  displayMessage,
  INSUFFICIENT_FUNDS,
  NETWORK_UNREACHABLE,
  SERVER_UNAVAILABLE,
  SOMETHING_WENT_WRONG,
} from './displayMessage.ts'
import { EmbeddedProviderError } from './embedded/errors.ts'
import { LatchError, UserRejectedError } from './errors.ts'

/** viem's wrapping of a wallet call that failed, as wagmi's sendTransaction throws it. */
const wrapped = (cause: Error) =>
  new TransactionExecutionError(new InternalRpcError(cause), {
    account: null,
    to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  })

describe('displayMessage', () => {
  it("says 'Signature declined' for a refusal in the wallet, however deeply wrapped", () => {
    expect(displayMessage(new UserRejectedError('User rejected the request'))).toBe(
      'Signature declined',
    )
    expect(displayMessage(new UserRejectedRequestError(new Error('no')))).toBe('Signature declined')
    expect(displayMessage(wrapped(new EmbeddedProviderError('User rejected', 4001)))).toBe(
      'Signature declined',
    )
  })

  it("says 'Signature declined' for a Solana wallet's refusal: code 4001, or the step's error name", () => {
    const named = (name: string, message: string) => Object.assign(new Error(message), { name })
    expect(
      displayMessage(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    ).toBe('Signature declined')
    for (const name of [
      'WalletSignTransactionError',
      'WalletSendTransactionError',
      'WalletSignMessageError',
      'WalletSignInError',
    ])
      expect(displayMessage(wrapped(named(name, 'User rejected the request.'))), name).toBe(
        'Signature declined',
      )
    // The same error names carry failures that are not a refusal: those are not 'declined'.
    expect(displayMessage(named('WalletSendTransactionError', 'Blockhash not found'))).toBe(
      'The transaction expired before the network confirmed it: try again',
    )
  })

  it("puts a Solana node's refusals in plain words: stale blockhash, lamports short", () => {
    const preflight = (message: string) =>
      Object.assign(new Error(message), { code: -32002, shortMessage: message })
    expect(displayMessage(preflight('Transaction simulation failed: Blockhash not found'))).toBe(
      'The transaction expired before the network confirmed it: try again',
    )
    expect(displayMessage(wrapped(new Error('Signature abc: block height exceeded')))).toBe(
      'The transaction expired before the network confirmed it: try again',
    )
    expect(displayMessage(preflight('Transfer: insufficient lamports 1000, need 2000'))).toBe(
      'Not enough funds to pay for this transaction and its network fee',
    )
  })

  it("never shows viem's 'An internal error was received.': the wallet's reason underneath", () => {
    const reason = 'Not enough ETH for the network fee: you need 0.000042 ETH more'
    const error = new TransactionExecutionError(
      new TransactionRejectedRpcError(new EmbeddedProviderError(reason, -32003)),
      { account: null },
    )
    expect(displayMessage(error)).toBe(reason)
    const internal = wrapped(new EmbeddedProviderError('Unexpected error', -32603))
    expect(internal.shortMessage).toBe('An internal error was received.')
    expect(displayMessage(internal)).toBe(SOMETHING_WENT_WRONG)
    expect(displayMessage(new InternalRpcError(new Error('boom')))).toBe(SOMETHING_WENT_WRONG)
    expect(displayMessage(new UnknownRpcError(new Error('x')))).toBe(SOMETHING_WENT_WRONG)
  })

  it('puts a balance that cannot pay in plain words', () => {
    expect(displayMessage(new InsufficientFundsError())).toBe(INSUFFICIENT_FUNDS)
    expect(displayMessage(wrapped(new Error('insufficient funds for gas * price + value')))).toBe(
      INSUFFICIENT_FUNDS,
    )
  })

  it("gives the kit's wording, and the server's reason for a refused request", () => {
    expect(displayMessage(new LatchError('Error resolving name', { details: 'x' }))).toBe(
      'Error resolving name',
    )
    expect(displayMessage(new HttpStatusError(400, 'Name is already registered'))).toBe(
      'Name is already registered',
    )
    expect(displayMessage(new HttpStatusError(404, undefined))).toBe('HTTP status code: 404')
    expect(displayMessage(new HttpStatusError(500, 'TypeError: x is undefined'))).toBe(
      SERVER_UNAVAILABLE,
    )
    expect(displayMessage(new HttpStatusError(503, undefined))).toBe(SERVER_UNAVAILABLE)
  })

  it('says the network did not answer for a failed fetch or RPC', () => {
    expect(displayMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_UNREACHABLE)
    expect(
      displayMessage(
        new BaseError('Request failed', {
          cause: new HttpRequestError({ url: 'http://127.0.0.1:1', body: {} }),
        }),
      ),
    ).toBe(NETWORK_UNREACHABLE)
  })

  it("shows a library's short message, but never a plain error's internals", () => {
    expect(displayMessage(new BaseError('Chain 999 is not configured.'))).toBe(
      'Chain 999 is not configured.',
    )
    expect(displayMessage(new Error("Cannot read properties of undefined (reading 'x')"))).toBe(
      SOMETHING_WENT_WRONG,
    )
    expect(displayMessage('a string')).toBe(SOMETHING_WENT_WRONG)
    expect(displayMessage(undefined)).toBe(SOMETHING_WENT_WRONG)
  })

  it("shows the embedded wallet's sentence for a refused smart account operation, through viem's wrappers", () => {
    // The server words the EntryPoint's AA code in plain words; the frame and the provider pass it on.
    const sentence = "Not enough funds in your smart account to pay this operation's network fee"
    expect(displayMessage(wrapped(new EmbeddedProviderError(sentence, -32603)))).toBe(sentence)
  })

  it('passes on the plain words of a bundler that did not answer', () => {
    const down = wrapped(
      new EmbeddedProviderError(
        'The bundler did not answer: smart account transactions are unavailable for now, try again',
        -32603,
      ),
    )
    expect(displayMessage(down)).toBe(
      'The bundler did not answer: smart account transactions are unavailable for now, try again',
    )
  })
})
