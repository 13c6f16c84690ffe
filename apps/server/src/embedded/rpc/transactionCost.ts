import { COSTED_METHODS, nativeShortfall, type WalletRpcCost } from '@latch/protocol'
import { z } from 'zod'
import type { ChainClient } from '../../chains/clients.ts'
import { isUpstreamOutage } from '../../chains/upstreamCircuits.ts'
import { HttpError } from '../../errors.ts'
import { chainError, onChain } from './chainError.ts'
import { knownContracts } from './knownContracts.ts'
import { parseParams } from './params.ts'
import { sendCallsParams } from './sendCalls.ts'
import { type TransactionRequest, transactionRequest } from './sendTransaction.ts'

type Call = Pick<TransactionRequest, 'to' | 'value' | 'data' | 'gas'>

function callsOf(method: string, params: unknown): { calls: Call[]; price?: bigint } {
  if (method === 'eth_sendTransaction') {
    const [tx] = parseParams(method, z.tuple([transactionRequest]), params)
    const data = tx.data ?? tx.input
    return {
      calls: [{ to: tx.to, value: tx.value, gas: tx.gas, ...(data && { data }) }],
      ...((tx.gasPrice ?? tx.maxFeePerGas) !== undefined && {
        price: tx.gasPrice ?? tx.maxFeePerGas,
      }),
    }
  }
  if (method === 'wallet_sendCalls') {
    const [batch] = parseParams(method, sendCallsParams, params)
    return { calls: batch.calls.map(({ to, value, data }) => ({ to, value, data })) }
  }
  throw new HttpError(400, `Only ${COSTED_METHODS.join(' and ')} have a cost`)
}

/** The highest price per gas the transaction may pay: what the node checks the balance against. */
async function pricePerGas(chain: ChainClient): Promise<bigint> {
  try {
    return (await chain.client.estimateFeesPerGas()).maxFeePerGas
  } catch (error) {
    // A chain that did not answer is not asked again another way: one wait, then a 503.
    if (isUpstreamOutage(error)) throw chainError(error)
    // A chain without EIP-1559 fees: its legacy gas price.
    return onChain(() => chain.client.getGasPrice())
  }
}

async function gasOf(chain: ChainClient, from: `0x${string}`, call: Call): Promise<bigint> {
  if (call.gas !== undefined) return call.gas
  const estimate = (value: bigint | undefined) =>
    chain.client.estimateGas({
      account: from,
      ...(call.to && { to: call.to }),
      ...(value !== undefined && { value }),
      ...(call.data && { data: call.data }),
    })
  try {
    return await estimate(call.value)
  } catch (error) {
    // More value than the balance holds fails the estimate: the gas is the same without it, and
    // the shortfall is what the screen must say. A chain that did not answer is not asked twice.
    if (!call.value || isUpstreamOutage(error)) throw error
    return estimate(0n)
  }
}

/**
 * What a transaction (or a batch) would take from `from`'s native balance on the chain: value,
 * gas x the highest price per gas, and the shortfall. A fee that cannot be estimated (the call
 * reverts) is null, with the chain's reason; the chain not answering is a 503.
 */
export async function transactionCost(
  chain: ChainClient,
  from: `0x${string}`,
  request: { method: string; params?: unknown },
): Promise<WalletRpcCost> {
  const { calls, price } = callsOf(request.method, request.params)
  const value = calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n)
  const [balance, perGas] = await Promise.all([
    onChain(() => chain.client.getBalance({ address: from })),
    price ?? pricePerGas(chain),
  ])
  let fee: bigint | null = 0n
  let feeError: string | undefined
  for (const [index, call] of calls.entries()) {
    try {
      fee += (await gasOf(chain, from, call)) * perGas
    } catch (error) {
      const refused = chainError(error)
      // Only a refusal by the chain has a reason to show; an RPC that did not answer is a 503.
      if (!(refused instanceof HttpError) || refused.statusCode !== 400) throw refused
      fee = null
      feeError = calls.length > 1 ? `Call ${index + 1}: ${refused.message}` : refused.message
      break
    }
  }
  const { chainId, name, nativeCurrency } = chain.config
  return {
    network: { chainId, name },
    currency: { symbol: nativeCurrency.symbol, decimals: nativeCurrency.decimals },
    balance: balance.toString(),
    value: value.toString(),
    fee: fee === null ? null : fee.toString(),
    ...(feeError !== undefined && { feeError }),
    shortfall: nativeShortfall(balance, { value, fee: fee ?? undefined }).toString(),
    ...knownContracts(chain.config),
  }
}
