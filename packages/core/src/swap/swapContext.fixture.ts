import type { CaipAddress } from '@latch/protocol'
import type { BalancesState } from '../balances/createBalances.ts'
import { createTestAccount, evmAccount } from '../chains/testAccount.ts'
import { UserRejectedError } from '../errors.ts'
import { createStore } from '../store.ts'
import { minimumReceived } from './minimumReceived.ts'
import { createSwapContext } from './swapContext.ts'
import type { SwapDeps } from './swapDeps.ts'
import { approveTx, CHAIN, swapTx, TOKENS, USDC, USER_ADDRESS } from './testFixtures.ts'

/**
 * A swap's context on a local network whose server quotes `rate` units out per unit in, for an
 * account holding 1.5 ETH and 1234.5 USDC; what leaves it is written down in `calls`.
 */
export function swapContextFixture(
  options: { rate?: bigint; allowance?: bigint; now?: () => number; decline?: boolean } = {},
) {
  const calls: string[] = []
  let rate = options.rate ?? 2n
  const account = createTestAccount(evmAccount(USER_ADDRESS, 31337))
  const balances = createStore<BalancesState>({
    status: 'success',
    balances: [
      {
        name: 'ETH',
        symbol: 'ETH',
        chainId: CHAIN,
        price: 3000,
        quantity: { decimals: '18', numeric: '1.5' },
        iconUrl: '',
      },
      {
        name: 'USDC',
        symbol: 'USDC',
        chainId: CHAIN,
        address: USDC,
        price: 1,
        quantity: { decimals: '6', numeric: '1234.5' },
        iconUrl: '',
      },
    ],
    totalUsd: 0,
    address: USER_ADDRESS,
    chainId: CHAIN,
  })
  const quote = (from: CaipAddress, to: CaipAddress, amount: string) => ({
    id: 'uniswap-v2:31337:route@1',
    fromAmount: amount,
    fromAccount: from,
    toAmount: (BigInt(amount) * rate).toString(),
    toAccount: to,
  })
  let nonce = 0
  const deps: SwapDeps = {
    api: {
      convertTokens: async () => ({ tokens: TOKENS }),
      fungiblePrice: async (ids) => ({
        fungibles: ids.map((id) => ({ address: id, name: '', symbol: '', iconUrl: '', price: 1 })),
      }),
      convertQuotes: async (query) => {
        calls.push(`quote ${query.amount}`)
        return { quotes: [quote(query.from, query.to, query.amount)] }
      },
      convertAllowance: async () => ({ allowance: String(options.allowance ?? 0n) }),
      buildApprove: async (query) => {
        calls.push('build-approve')
        return { tx: approveTx({ token: query.from, amount: BigInt(query.amount ?? 0) }) }
      },
      buildTransaction: async (body) => {
        calls.push(body.disableEstimate ? 'build-swap (gas)' : 'build-swap')
        const amount = BigInt(body.amount)
        const amountOutMin = minimumReceived(amount * rate, body.eip155?.slippage ?? 0.5)
        return { tx: swapTx({ from: body.from, to: body.to, amount, amountOutMin }) }
      },
    } as SwapDeps['api'],
    evm: {
      sendTransaction: async (tx) => {
        if (options.decline) throw new UserRejectedError('User rejected the request')
        calls.push(`send to ${tx.to.toLowerCase()}`)
        nonce++
        return `0x${nonce.toString(16).padStart(64, '0')}` as const
      },
      waitForTransaction: async () => ({ success: true, blockNumber: 1n }),
    },
    balances: { state: balances },
    snackbar: {
      showSuccess: () => calls.push('toast: success'),
      showError: () => calls.push('toast: error'),
    },
    account,
    ...(options.now ? { now: options.now } : {}),
  }
  const context = createSwapContext(deps)
  return {
    context,
    calls,
    account,
    balances,
    /** The pools move: quotes give `next` per unit from now on. */
    setRate: (next: bigint) => {
      rate = next
    },
    state: () => context.state(),
  }
}
