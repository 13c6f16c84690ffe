import {
  createLatch,
  defineEvmNetwork,
  type SendFlowController,
  type SendResult,
} from '@latch/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LatchProvider } from '../../LatchProvider.tsx'
import { SendResultView } from './SendResult.tsx'

const latch = createLatch({
  projectId: 'latch-dev',
  serverUrl: 'http://127.0.0.1:9',
  networks: [
    defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:8545' }),
  ],
})
const HASH = `0x${'ab'.repeat(32)}` as const
const sent: SendResult = {
  hash: HASH,
  chainId: 'eip155:31337',
  amount: '0.1',
  symbol: 'ETH',
  receiver: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  status: 'pending',
}

const statusOf = (result: SendResult) =>
  renderToString(
    <LatchProvider latch={latch}>
      <SendResultView flow={{} as SendFlowController} result={result} />
    </LatchProvider>,
  ).match(/data-testid="latch-send-status">([^<]*)</)?.[1]

describe('the Send result', () => {
  it('stops waiting once no receipt came, and says where to look', () => {
    expect(statusOf(sent)).toBe('Transaction sent: waiting to be confirmed…')
    expect(statusOf({ ...sent, status: 'unconfirmed' })).toBe(
      'Could not confirm the transaction yet: check Activity',
    )
    expect(
      statusOf({
        ...sent,
        status: 'unconfirmed',
        explorerUrl: `https://scan.example/tx/${HASH}`,
        explorerName: 'Latchscan',
      }),
    ).toBe('Could not confirm the transaction yet: check the explorer or Activity')
  })
})
