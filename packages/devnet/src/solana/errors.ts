/** A JSON-RPC error as a Solana node answers it: code, message and optional data. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603
export const PREFLIGHT_FAILURE = -32002
export const SIGNATURE_VERIFICATION_FAILURE = -32003
export const UNSUPPORTED_TRANSACTION_VERSION = -32015
export const MIN_CONTEXT_SLOT_NOT_REACHED = -32016

export function invalidParams(message: string): RpcError {
  return new RpcError(INVALID_PARAMS, message)
}

/** A transaction error in the JSON shape Solana's RPC gives it (`err` of statuses and metadata). */
export type TransactionErrorJson =
  | string
  | { InstructionError: [number, string | { Custom: number }] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } }

// The runtime's transaction errors without fields, in the order litesvm numbers them.
const TRANSACTION_ERRORS: [name: string, message: string][] = [
  ['AccountInUse', 'Account in use'],
  ['AccountLoadedTwice', 'Account loaded twice'],
  ['AccountNotFound', 'Attempt to debit an account but found no record of a prior credit.'],
  ['ProgramAccountNotFound', 'Attempt to load a program that does not exist'],
  ['InsufficientFundsForFee', 'Insufficient funds for fee'],
  ['InvalidAccountForFee', 'This account may not be used to pay transaction fees'],
  ['AlreadyProcessed', 'This transaction has already been processed'],
  ['BlockhashNotFound', 'Blockhash not found'],
  ['CallChainTooDeep', 'Loader call chain is too deep'],
  ['MissingSignatureForFee', 'Transaction requires a fee but has no signature present'],
  ['InvalidAccountIndex', 'Transaction contains an invalid account reference'],
  ['SignatureFailure', 'Transaction did not pass signature verification'],
  ['InvalidProgramForExecution', 'This program may not be used for executing instructions'],
  ['SanitizeFailure', 'Transaction failed to sanitize accounts offsets correctly'],
  ['ClusterMaintenance', 'Transactions are currently disabled due to cluster maintenance'],
  [
    'AccountBorrowOutstanding',
    'Transaction processing left an account with an outstanding borrowed reference',
  ],
  ['WouldExceedMaxBlockCostLimit', 'Transaction would exceed max Block Cost Limit'],
  ['UnsupportedVersion', 'Transaction version is unsupported'],
  ['InvalidWritableAccount', 'Transaction loads a writable account that cannot be written'],
  ['WouldExceedMaxAccountCostLimit', 'Transaction would exceed max account limit within the block'],
  [
    'WouldExceedAccountDataBlockLimit',
    'Transaction would exceed account data limit within the block',
  ],
  ['TooManyAccountLocks', 'Transaction locked too many accounts'],
  ['AddressLookupTableNotFound', "Transaction loads an address table account that doesn't exist"],
  [
    'InvalidAddressLookupTableOwner',
    'Transaction loads an address table account with an invalid owner',
  ],
  ['InvalidAddressLookupTableData', 'Transaction loads an address table account with invalid data'],
  ['InvalidAddressLookupTableIndex', 'Transaction address table lookup uses an invalid index'],
  [
    'InvalidRentPayingAccount',
    'Transaction leaves an account with a lower balance than rent-exempt minimum',
  ],
  ['WouldExceedMaxVoteCostLimit', 'Transaction would exceed max Vote Cost Limit'],
  ['WouldExceedAccountDataTotalLimit', 'Transaction would exceed total account data limit'],
  ['MaxLoadedAccountsDataSizeExceeded', 'Transaction exceeded max loaded accounts data size cap'],
  ['ResanitizationNeeded', 'ResanitizationNeeded'],
  [
    'InvalidLoadedAccountsDataSizeLimit',
    'LoadedAccountsDataSizeLimit set for transaction must be greater than 0.',
  ],
  ['UnbalancedTransaction', 'Sum of account balances before and after transaction do not match'],
  ['ProgramCacheHitMaxLimit', 'Program cache hit max limit'],
  ['CommitCancelled', 'CommitCancelled'],
]

// The runtime's instruction errors without fields, in the order litesvm numbers them.
const INSTRUCTION_ERRORS: [name: string, message: string][] = [
  ['GenericError', 'generic instruction error'],
  ['InvalidArgument', 'invalid program argument'],
  ['InvalidInstructionData', 'invalid instruction data'],
  ['InvalidAccountData', 'invalid account data for instruction'],
  ['AccountDataTooSmall', 'account data too small for instruction'],
  ['InsufficientFunds', 'insufficient funds for instruction'],
  ['IncorrectProgramId', 'incorrect program id for instruction'],
  ['MissingRequiredSignature', 'missing required signature for instruction'],
  ['AccountAlreadyInitialized', 'instruction requires an uninitialized account'],
  ['UninitializedAccount', 'instruction requires an initialized account'],
  ['UnbalancedInstruction', 'sum of account balances before and after instruction do not match'],
  ['ModifiedProgramId', 'instruction illegally modified the program id of an account'],
  [
    'ExternalAccountLamportSpend',
    'instruction spent from the balance of an account it does not own',
  ],
  ['ExternalAccountDataModified', 'instruction modified data of an account it does not own'],
  ['ReadonlyLamportChange', 'instruction changed the balance of a read-only account'],
  ['ReadonlyDataModified', 'instruction modified data of a read-only account'],
  ['DuplicateAccountIndex', 'instruction contains duplicate accounts'],
  ['ExecutableModified', 'instruction changed executable bit of an account'],
  ['RentEpochModified', 'instruction modified rent epoch of an account'],
  ['NotEnoughAccountKeys', 'insufficient account keys for instruction'],
  [
    'AccountDataSizeChanged',
    "program other than the account's owner changed the size of the account data",
  ],
  ['AccountNotExecutable', 'instruction expected an executable account'],
  [
    'AccountBorrowFailed',
    'instruction tries to borrow reference for an account which is already borrowed',
  ],
  ['AccountBorrowOutstanding', 'instruction left account with an outstanding borrowed reference'],
  ['DuplicateAccountOutOfSync', 'instruction modifications of multiply-passed account differ'],
  ['InvalidError', 'program returned invalid error code'],
  ['ExecutableDataModified', 'instruction changed executable accounts data'],
  ['ExecutableLamportChange', 'instruction changed the balance of an executable account'],
  ['ExecutableAccountNotRentExempt', 'executable accounts must be rent exempt'],
  ['UnsupportedProgramId', 'Unsupported program id'],
  ['CallDepth', 'Cross-program invocation call depth too deep'],
  ['MissingAccount', 'An account required by the instruction is missing'],
  ['ReentrancyNotAllowed', 'Cross-program invocation reentrancy not allowed for this instruction'],
  ['MaxSeedLengthExceeded', 'Length of the seed is too long for address generation'],
  ['InvalidSeeds', 'Provided seeds do not result in a valid address'],
  ['InvalidRealloc', 'Failed to reallocate account data'],
  ['ComputationalBudgetExceeded', 'Computational budget exceeded'],
  ['PrivilegeEscalation', 'Cross-program invocation with unauthorized signer or writable account'],
  ['ProgramEnvironmentSetupFailure', 'Failed to create program execution environment'],
  ['ProgramFailedToComplete', 'Program failed to complete'],
  ['ProgramFailedToCompile', 'Program failed to compile'],
  ['Immutable', 'Account is immutable'],
  ['IncorrectAuthority', 'Incorrect authority provided'],
  ['AccountNotRentExempt', 'An account does not have enough lamports to be rent-exempt'],
  ['InvalidAccountOwner', 'Invalid account owner'],
  ['ArithmeticOverflow', 'Program arithmetic overflowed'],
  ['UnsupportedSysvar', 'Unsupported sysvar'],
  ['IllegalOwner', 'Provided owner is not allowed'],
  [
    'MaxAccountsDataAllocationsExceeded',
    'Accounts data allocations exceeded the maximum allowed per transaction',
  ],
  ['MaxAccountsExceeded', 'Max accounts exceeded'],
  ['MaxInstructionTraceLengthExceeded', 'Max instruction trace length exceeded'],
  ['BuiltinProgramsMustConsumeComputeUnits', 'Builtin programs must consume compute units'],
  ['BorshIoError', 'Failed to serialize or deserialize account data'],
]
// (Custom carries a code, so litesvm's numbering skips it and puts BorshIoError last, as here.)

const byName = (table: [string, string][]) => new Map(table)
const TRANSACTION_MESSAGES = byName(TRANSACTION_ERRORS)
const INSTRUCTION_MESSAGES = byName(INSTRUCTION_ERRORS)

type LiteInstructionError = number | { code?: number; constructor: { name: string } }
type LiteTransactionError =
  | number
  | {
      constructor: { name: string }
      index?: number
      accountIndex?: number
      err?: () => LiteInstructionError
    }

/** litesvm's error object as the JSON value a Solana node reports. */
export function transactionErrorJson(error: LiteTransactionError): TransactionErrorJson {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error]?.[0] ?? 'SanitizeFailure'
  switch (error.constructor.name) {
    case 'TransactionErrorInstructionError': {
      const inner = error.err?.()
      const index = error.index ?? 0
      if (typeof inner === 'number') {
        return { InstructionError: [index, INSTRUCTION_ERRORS[inner]?.[0] ?? 'GenericError'] }
      }
      if (inner && typeof inner.code === 'number') {
        return { InstructionError: [index, { Custom: inner.code }] }
      }
      return { InstructionError: [index, 'BorshIoError'] }
    }
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: error.index ?? 0 }
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: error.accountIndex ?? 0 } }
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex ?? 0 } }
    default:
      return 'SanitizeFailure'
  }
}

/** The text a Solana node shows for a transaction error (its Display form). */
export function transactionErrorMessage(error: TransactionErrorJson): string {
  if (typeof error === 'string') return TRANSACTION_MESSAGES.get(error) ?? error
  if ('InstructionError' in error) {
    const [index, inner] = error.InstructionError
    const text =
      typeof inner === 'string'
        ? (INSTRUCTION_MESSAGES.get(inner) ?? inner)
        : `custom program error: 0x${inner.Custom.toString(16)}`
    return `Error processing Instruction ${index}: ${text}`
  }
  if ('DuplicateInstruction' in error) {
    return `Transaction contains a duplicate instruction (${error.DuplicateInstruction}) that is not allowed`
  }
  if ('InsufficientFundsForRent' in error) {
    return `Transaction results in an account (${error.InsufficientFundsForRent.account_index}) with insufficient funds for rent`
  }
  return `Execution of the program referenced by account at index ${error.ProgramExecutionTemporarilyRestricted.account_index} is temporarily restricted.`
}
