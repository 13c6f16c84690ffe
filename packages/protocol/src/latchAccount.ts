import {
  type Address,
  concat,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getAddress,
  type Hex,
  parseAbi,
  size,
  slice,
  zeroHash,
} from 'viem'

// LatchAccount (packages/devnet/contracts) is OpenZeppelin's ERC-7579 account: every user
// operation's callData is its execute(mode, executionCalldata). The server builds the owner's
// operations with these, and a site's session key builds its own with the same code.

/** The parts of LatchAccount (OpenZeppelin's ERC-7579 account) the kit calls. */
export const latchAccountAbi = parseAbi([
  'function execute(bytes32 mode, bytes executionCalldata) payable',
  'function signer() view returns (address)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'function isModuleInstalled(uint256 moduleTypeId, address module, bytes additionalContext) view returns (bool)',
])

/** The account's EIP-712 name and version: the domain ERC-7739 signatures are nested in. */
export const LATCH_ACCOUNT_DOMAIN = { name: 'LatchAccount', version: '1' } as const

// ERC-7579 execution modes: the call type in the first byte, then the exec type ("revert on
// failure"), unused bytes, selector and payload, all zero.
const SINGLE_CALL_MODE = zeroHash
const BATCH_CALL_MODE = concat(['0x01', slice(zeroHash, 1)])

const executionTuple = [
  {
    type: 'tuple[]',
    components: [
      { name: 'target', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'callData', type: 'bytes' },
    ],
  },
] as const

/** One call of a user operation. */
export type AccountCall = { to: Address; value?: bigint | undefined; data?: Hex | undefined }

/** ERC-7579 `execute` calldata: one call packed as the mode says, several as a batch. */
export function encodeLatchAccountCalls(calls: readonly AccountCall[]): Hex {
  const [only] = calls
  if (calls.length === 1 && only) {
    return encodeFunctionData({
      abi: latchAccountAbi,
      functionName: 'execute',
      args: [
        SINGLE_CALL_MODE,
        encodePacked(
          ['address', 'uint256', 'bytes'],
          [only.to, only.value ?? 0n, only.data ?? '0x'],
        ),
      ],
    })
  }
  return encodeFunctionData({
    abi: latchAccountAbi,
    functionName: 'execute',
    args: [
      BATCH_CALL_MODE,
      encodeAbiParameters(executionTuple, [
        calls.map((call) => ({
          target: call.to,
          value: call.value ?? 0n,
          callData: call.data ?? '0x',
        })),
      ]),
    ],
  })
}

/** The calls of `execute` calldata, as encodeLatchAccountCalls wrote them. */
export function decodeLatchAccountCalls(data: Hex): AccountCall[] {
  const { functionName, args } = decodeFunctionData({ abi: latchAccountAbi, data })
  if (functionName !== 'execute') throw new Error(`not an execute call: ${functionName}`)
  const [mode, execution] = args
  if (mode === SINGLE_CALL_MODE) {
    // A packed single call: 20 bytes of target, 32 of value, then the call data.
    if (size(execution) < 52) throw new Error('single-call execution data is too short')
    return [
      {
        to: getAddress(slice(execution, 0, 20)),
        value: BigInt(slice(execution, 20, 52)),
        data: size(execution) > 52 ? slice(execution, 52) : '0x',
      },
    ]
  }
  if (mode === BATCH_CALL_MODE) {
    const [executions] = decodeAbiParameters(executionTuple, execution)
    return executions.map((call) => ({ to: call.target, value: call.value, data: call.callData }))
  }
  throw new Error(`unsupported execution mode ${mode}`)
}
