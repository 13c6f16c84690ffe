import { type Latch, SessionSendError, sendWithSession } from '@latch/core'
import type { GrantResponse } from '@latch/protocol/smart-sessions'
import { encodeFunctionData, erc20Abi, type LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { demoConfig } from '../config.ts'
import { type DemoSessionChain, demoSessionChains } from './sessionConfig.ts'
import { DAILY_LIMIT_USDC, SESSION_DAYS, SPEND_USDC, usdcUnits } from './sessionTerms.ts'

// The Smart session panel's code, loaded on its first click: a session key made in this page's
// memory (never stored), the grant it asks for, and the session-signed spends.

/** 10 USDC a day, for 7 days: what the panel asks for. */
const DAILY_LIMIT = usdcUnits(DAILY_LIMIT_USDC)
const DAY_SECONDS = 86_400
/** Where the panel's spends go: 1 USDC each. */
const RECEIVER = '0x000000000000000000000000000000000000dEaD'
const SPEND = usdcUnits(SPEND_USDC)

/** A session this page holds: what was granted, its key, and its chain's contracts. */
export type DemoSession = { granted: GrantResponse; key: LocalAccount; chain: DemoSessionChain }

/** The chain's own clock: the session's expiry is checked against it, not the visitor's. */
async function chainTime(latch: Latch, chainId: number): Promise<number> {
  const block = (await latch.evm.wagmiConfig
    .getClient({ chainId })
    .request({ method: 'eth_getBlockByNumber', params: ['latest', false] })) as {
    timestamp: `0x${string}`
  }
  return Number(BigInt(block.timestamp))
}

/**
 * Makes a session key and asks the visitor's wallet for "10 USDC a day to the devnet USDC token
 * (transfer only) for 7 days" on the active network.
 */
export async function grantDemoSession(latch: Latch, chainId: number): Promise<DemoSession> {
  const chain = demoSessionChains.find((candidate) => candidate.chainId === chainId)
  if (!chain) throw new Error(`No session validator on chain ${chainId}`)
  const key = privateKeyToAccount(generatePrivateKey())
  const now = await chainTime(latch, chainId)
  const granted = await latch.grantPermissions({
    chainId: `0x${chainId.toString(16)}`,
    expiry: now + SESSION_DAYS * DAY_SECONDS,
    signer: { type: 'account', data: { address: key.address } },
    permissions: [
      {
        type: 'contract-call',
        data: { address: chain.usdc, functions: ['transfer(address,uint256)'] },
      },
      {
        type: 'erc20-token-periodic',
        data: {
          tokenAddress: chain.usdc,
          periodAmount: DAILY_LIMIT.toString(),
          periodDuration: DAY_SECONDS,
        },
      },
    ],
  })
  return { granted, key, chain }
}

/** Sends 1 USDC with the session key alone (no prompt); resolves with the transaction hash. */
export async function spendOneUsdc(session: DemoSession): Promise<`0x${string}`> {
  const result = await sendWithSession({
    serverUrl: demoConfig.serverUrl,
    projectId: demoConfig.projectId,
    chainId: session.chain.chainId,
    account: session.granted.address,
    validator: session.chain.validator,
    pci: session.granted.context,
    sessionKey: session.key,
    calls: [
      {
        to: session.chain.usdc,
        value: 0n,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [RECEIVER, SPEND],
        }),
      },
    ],
  })
  if (!result.success) throw new Error(`The transfer reverted in ${result.transactionHash}`)
  return result.transactionHash
}

/** The sentence a failed spend shows: the session's refusal as sendWithSession words it. */
export function spendFailure(error: unknown, displayMessage: (error: unknown) => string): string {
  return error instanceof SessionSendError ? error.message : displayMessage(error)
}
