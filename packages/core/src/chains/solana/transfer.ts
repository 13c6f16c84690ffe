import { type CaipNetworkId, parseCaipAddress } from '@latch/protocol/caip'
import { decodeBase58, encodeBase58, isSolanaAddress } from '@latch/protocol/solana'
import {
  associatedTokenAddress,
  compileLegacyMessage,
  createAssociatedTokenIdempotentInstruction,
  type Instruction,
  systemTransferInstruction,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  transferCheckedInstruction,
  unsignedTransaction,
} from '@latch/protocol/solana-build'
import { decodeBase64, encodeBase64 } from '@latch/protocol/solana-wire'
import { TRANSACTION_EXPIRED } from '../../displayMessage.ts'
import { errorChain } from '../../errorChain.ts'
import { LatchError } from '../../errors.ts'
import { phrase } from '../../i18n/phrases.ts'
import { SOLANA_ADDRESS_RULE } from '../../validation/solanaAddressRule.ts'
import type { SentTransfer, Transfer, TransferReceipt } from '../types.ts'
import type { SolanaGatewayRpc } from './rpc.ts'

/**
 * A wallet account that signs Solana transactions (a Wallet Standard wallet, WalletConnect, the
 * embedded wallet): it sends them itself, or signs and leaves the sending to the kit.
 */
export type SolanaSigner = {
  address: string
  /** Signs and sends the wire transaction; resolves with its 64-byte signature. */
  signAndSendTransaction?(wire: Uint8Array): Promise<Uint8Array>
  /** Signs the wire transaction; resolves with the signed wire bytes. */
  signTransaction?(wire: Uint8Array): Promise<Uint8Array>
}

/** The balance cannot pay the transfer (SOL: with its fee; a token: the amount). */
export class InsufficientBalanceError extends LatchError {
  override name = 'InsufficientBalanceError'
  constructor(
    short: { of: 'SOL' | 'fee' } | { of: 'token'; symbol?: string | undefined },
    options: { details?: string; cause?: unknown } = {},
  ) {
    const message =
      short.of === 'token'
        ? short.symbol
          ? phrase('send.notEnoughToken', { symbol: short.symbol })
          : 'Not enough of this token to send this amount'
        : short.of === 'fee'
          ? 'Not enough SOL to pay the network fee'
          : 'Not enough SOL to send this amount and pay the network fee'
    super(message, options)
  }
}

/** A new account must hold the rent-exempt minimum: the amount sent to a fresh address is less. */
export class BelowRentMinimumError extends LatchError {
  override name = 'BelowRentMinimumError'
  constructor(options: { cause?: unknown } = {}) {
    super('The receiver has no account yet: send at least 0.00089088 SOL to open one', options)
  }
}

/** The transaction's blockhash went stale before it reached the chain or was confirmed there. */
export class TransactionExpiredError extends LatchError {
  override name = 'TransactionExpiredError'
  constructor(options: { details?: string; cause?: unknown } = {}) {
    super(TRANSACTION_EXPIRED, options)
  }
}

/** How many blocks a blockhash stays usable on a Solana cluster (its MAX_PROCESSING_AGE). */
const BLOCKHASH_VALID_BLOCKS = 150
const POLL_MS = 400
/** The last block height each sent transaction can land in, for waitForSolanaTransfer. */
const lastValidHeights = new Map<string, number>()

type AccountInfo = { owner: string; data: [string, string]; lamports: number } | null

const accountInfo = (rpc: SolanaGatewayRpc, address: string) =>
  rpc
    .call<{ value: AccountInfo }>('getAccountInfo', [
      address,
      { encoding: 'base64', commitment: 'confirmed' },
    ])
    .then((answer) => answer.value)

/**
 * The transfer's instructions: a System transfer, or an SPL TransferChecked between token accounts,
 * with `newTokenAccount` the receiver's token account when the transfer creates it first.
 */
async function transferInstructions(
  rpc: SolanaGatewayRpc,
  owner: string,
  transfer: Transfer & { symbol?: string },
): Promise<{ instructions: Instruction[]; newTokenAccount?: string }> {
  if (!transfer.token)
    return { instructions: [systemTransferInstruction(owner, transfer.to, transfer.amount)] }
  const mint = parseCaipAddress(transfer.token).address
  const mintAccount = isSolanaAddress(mint) ? await accountInfo(rpc, mint) : null
  const tokenProgram = mintAccount?.owner
  const data = mintAccount ? decodeBase64(mintAccount.data[0]) : undefined
  // A mint is at least 82 bytes: authority option (36), supply (8), decimals (1), ...
  if (
    (tokenProgram !== TOKEN_PROGRAM && tokenProgram !== TOKEN_2022_PROGRAM) ||
    !data ||
    data.length < 82
  )
    throw new LatchError('Token not found', {
      details: `${mint} is not a token mint on this network`,
    })
  const [source, destination] = await Promise.all([
    associatedTokenAddress(owner, mint, tokenProgram),
    associatedTokenAddress(transfer.to, mint, tokenProgram),
  ])
  const { value: accounts } = await rpc.call<{ value: AccountInfo[] }>('getMultipleAccounts', [
    [source, destination],
    { encoding: 'base64', commitment: 'confirmed' },
  ])
  // No token account: the sender holds none of the token (the program would only say "invalid").
  if (!accounts[0]) throw new InsufficientBalanceError({ of: 'token', symbol: transfer.symbol })
  const instructions: Instruction[] = []
  if (!accounts[1])
    instructions.push(
      createAssociatedTokenIdempotentInstruction({
        payer: owner,
        account: destination,
        owner: transfer.to,
        mint,
        tokenProgram,
      }),
    )
  instructions.push(
    transferCheckedInstruction({
      programId: tokenProgram,
      source,
      mint,
      destination,
      owner,
      amount: transfer.amount,
      decimals: data[44] as number,
    }),
  )
  return { instructions, ...(accounts[1] ? {} : { newTokenAccount: destination }) }
}

/** A transfer built for the chain: what the wallet signs, the fee is priced on and the send waits for. */
export type BuiltTransfer = {
  instructions: Instruction[]
  /** The legacy message's bytes, on a fresh blockhash, the owner paying. */
  message: Uint8Array
  /** The last block height the message can land in. */
  lastValidBlockHeight: number
  /** The receiver's token account the transfer creates (its rent is the owner's to pay). */
  newTokenAccount?: string
}

/**
 * Builds a transfer from `owner` on a fresh blockhash: SOL through the System program, an SPL
 * token (Token or Token-2022, read from the mint) with TransferChecked between the owners'
 * associated token accounts, the receiver's created first when missing.
 * @throws LatchError 'Invalid receiver address', 'Invalid amount', 'Token not found', or an
 * InsufficientBalanceError when the owner holds no account of the token.
 */
export async function buildSolanaTransfer(
  rpc: SolanaGatewayRpc,
  owner: string,
  transfer: Transfer & { symbol?: string },
): Promise<BuiltTransfer> {
  if (!isSolanaAddress(transfer.to))
    throw new LatchError('Invalid receiver address', { details: SOLANA_ADDRESS_RULE })
  if (transfer.amount <= 0n)
    throw new LatchError('Invalid amount', { details: 'The amount must be above 0' })
  const [{ instructions, newTokenAccount }, latest] = await Promise.all([
    transferInstructions(rpc, owner, transfer),
    rpc.call<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', [
      { commitment: 'confirmed' },
    ]),
  ])
  return {
    instructions,
    message: compileLegacyMessage({
      feePayer: owner,
      recentBlockhash: latest.value.blockhash,
      instructions,
    }),
    lastValidBlockHeight: latest.value.lastValidBlockHeight,
    ...(newTokenAccount ? { newTokenAccount } : {}),
  }
}

type NodeFailure = { code?: unknown; message?: unknown; data?: { err?: unknown; logs?: unknown } }

/**
 * The kit's error for a refused send: the node's preflight failure (or a wallet's copy of it) read
 * for a stale blockhash, a balance that cannot pay, or a fresh account below the rent minimum;
 * anything else (a declined signature included) is passed on as it came.
 */
function sendFailure(
  error: unknown,
  instructions: Instruction[],
  symbol: string | undefined,
): unknown {
  for (const link of errorChain(error)) {
    const { message, data } = link as NodeFailure
    const logs = Array.isArray(data?.logs) ? data.logs.join('\n') : ''
    const text = `${typeof message === 'string' ? message : ''}\n${logs}`
    const err = data?.err
    if (err === 'BlockhashNotFound' || /blockhash not found/i.test(text))
      return new TransactionExpiredError({ cause: error })
    if (err === 'InsufficientFundsForFee' || /insufficient funds for fee/i.test(text))
      return new InsufficientBalanceError({ of: 'fee' }, { cause: error })
    if (
      (typeof err === 'object' && err !== null && 'InsufficientFundsForRent' in err) ||
      /insufficient funds for rent/i.test(text)
    )
      return new BelowRentMinimumError({ cause: error })
    // Custom error 1 is the System program's "insufficient lamports" and the Token program's
    // "insufficient funds": the failing instruction's program says which balance was short.
    const failed =
      typeof err === 'object' && err !== null && 'InstructionError' in err
        ? (err as { InstructionError: [number, unknown] }).InstructionError
        : undefined
    const index = failed
      ? failed[0]
      : Number(/instruction (\d+): custom program error: 0x1\b/i.exec(text)?.[1] ?? Number.NaN)
    const custom = failed ? (failed[1] as { Custom?: unknown })?.Custom === 1 : !Number.isNaN(index)
    const program = instructions[index]?.programId
    if (custom && program !== undefined)
      return program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM
        ? new InsufficientBalanceError({ of: 'token', symbol }, { cause: error })
        : new InsufficientBalanceError({ of: 'SOL' }, { cause: error })
    if (/insufficient lamports/i.test(text))
      return new InsufficientBalanceError({ of: 'SOL' }, { cause: error })
  }
  return error
}

/**
 * Sends a transfer from the signer's account (built by buildSolanaTransfer). The wallet sends it
 * when it can (it may add its own checks); otherwise it signs and the gateway sends.
 * @throws LatchError 'Invalid receiver address', InsufficientBalanceError, TransactionExpiredError,
 * or the wallet's refusal (which displayMessage shows as 'Signature declined'). A token's
 * `symbol`, when given, names it in the message of a short balance.
 */
export async function sendSolanaTransfer(
  deps: { rpc: SolanaGatewayRpc; signer: SolanaSigner; caipNetworkId: CaipNetworkId },
  transfer: Transfer & { symbol?: string },
): Promise<SentTransfer> {
  const { rpc, signer } = deps
  const { instructions, message, lastValidBlockHeight } = await buildSolanaTransfer(
    rpc,
    signer.address,
    transfer,
  )
  const wire = unsignedTransaction(message)
  let id: string
  try {
    if (signer.signAndSendTransaction) {
      id = encodeBase58(await signer.signAndSendTransaction(wire))
    } else if (signer.signTransaction) {
      const signed = await signer.signTransaction(wire)
      id = await rpc.call<string>('sendTransaction', [
        encodeBase64(signed),
        { encoding: 'base64', preflightCommitment: 'confirmed' },
      ])
    } else {
      throw new LatchError('This wallet cannot send transactions', {
        details: 'It offers neither solana:signAndSendTransaction nor solana:signTransaction',
      })
    }
  } catch (error) {
    throw sendFailure(error, instructions, transfer.symbol)
  }
  if (decodeBase58(id)?.length !== 64)
    throw new LatchError('The wallet did not return a transaction signature', {
      details: `Got ${id.slice(0, 100)}`,
    })
  lastValidHeights.set(id, lastValidBlockHeight)
  return { id, caipNetworkId: deps.caipNetworkId }
}

type SignatureStatus = { err: unknown; confirmationStatus?: string | null } | null

/**
 * Waits until the chain confirms a sent transfer (`success` false when it ran and failed), polling
 * its status; once its blockhash has expired without it, it can never land: a
 * TransactionExpiredError. A transfer sent before a reload is given a blockhash's lifetime from now.
 */
export async function waitForSolanaTransfer(
  deps: { rpc: SolanaGatewayRpc },
  sent: SentTransfer,
): Promise<TransferReceipt> {
  const { rpc } = deps
  const height = () => rpc.call<number>('getBlockHeight', [{ commitment: 'confirmed' }])
  const lastValid = lastValidHeights.get(sent.id) ?? (await height()) + BLOCKHASH_VALID_BLOCKS
  const status = async () => {
    const answer = await rpc.call<{ value: SignatureStatus[] }>('getSignatureStatuses', [
      [sent.id],
      { searchTransactionHistory: true },
    ])
    const value = answer.value[0]
    if (!value) return undefined
    if (value.err) return { success: false }
    return value.confirmationStatus === 'confirmed' || value.confirmationStatus === 'finalized'
      ? { success: true }
      : undefined
  }
  for (;;) {
    const receipt = await status()
    if (receipt) return finish(sent.id, receipt)
    if ((await height()) > lastValid) {
      // It may have landed between the two reads: one last look before giving up.
      const late = await status()
      if (late) return finish(sent.id, late)
      lastValidHeights.delete(sent.id)
      throw new TransactionExpiredError({
        details: `${sent.id} did not land before block ${lastValid}`,
      })
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

function finish(id: string, receipt: TransferReceipt): TransferReceipt {
  lastValidHeights.delete(id)
  return receipt
}
