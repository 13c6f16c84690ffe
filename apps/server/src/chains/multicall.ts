import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  type PublicClient,
  parseAbi,
} from 'viem'

export const multicall3Abi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
])

/** One read of a multicall: a contract, a view function and its arguments. */
export type MulticallRead<TAbi extends Abi = Abi> = {
  address: Address
  abi: TAbi
  functionName: ContractFunctionName<TAbi, 'view' | 'pure'>
  args?: ContractFunctionArgs<TAbi, 'view' | 'pure'>
}

/** Each read's decoded result, or undefined where that call reverted or answered nothing. */
export type MulticallResults = unknown[]

/**
 * Runs every read in one `eth_call` to Multicall3's aggregate3, each allowed to fail on its own:
 * a token that reverts costs its own entry, not the whole answer.
 */
export async function multicall(
  client: PublicClient,
  multicall3: Address,
  reads: readonly MulticallRead[],
): Promise<MulticallResults> {
  if (reads.length === 0) return []
  const calls = reads.map((read) => ({
    target: read.address,
    allowFailure: true,
    callData: encodeFunctionData({
      abi: read.abi,
      functionName: read.functionName,
      args: read.args,
    } as Parameters<typeof encodeFunctionData>[0]),
  }))
  const { data } = await client.call({
    to: multicall3,
    data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
  })
  const results = decodeFunctionResult({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    data: data ?? '0x',
  })
  return reads.map((read, index) => decodeOne(read, results[index]))
}

function decodeOne(
  read: MulticallRead,
  result: { success: boolean; returnData: Hex } | undefined,
): unknown {
  if (!result?.success || result.returnData === '0x') return undefined
  try {
    return decodeFunctionResult({
      abi: read.abi,
      functionName: read.functionName,
      data: result.returnData,
    } as Parameters<typeof decodeFunctionResult>[0])
  } catch {
    // An address that is no such contract may answer bytes of another shape.
    return undefined
  }
}
