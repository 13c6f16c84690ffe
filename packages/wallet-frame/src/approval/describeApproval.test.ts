import { describe, expect, it } from 'vitest'
import { describeApproval } from './describeApproval.ts'

const from = '0x00000000000000000000000000000000000000aa'
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('describeApproval', () => {
  it('personal_sign: the decoded message', () => {
    const view = describeApproval({
      method: 'personal_sign',
      params: [`0x${Buffer.from('Hello Latch').toString('hex')}`, from],
      chainId: 31337,
    })
    expect(view).toEqual({
      title: 'Sign message',
      sections: [{ heading: 'Message', block: { text: 'Hello Latch', mono: false } }],
    })
  })

  it('eth_signTypedData_v4: domain, then fields under the primary type', () => {
    const typedData = {
      primaryType: 'Permit',
      domain: { name: 'USD Coin', chainId: 31337 },
      message: { spender: to, value: '1000000' },
    }
    const view = describeApproval({
      method: 'eth_signTypedData_v4',
      params: [from, JSON.stringify(typedData)],
      chainId: 31337,
    })
    expect(view.title).toBe('Sign typed data')
    expect(view.sections.map((section) => section.heading)).toEqual(['Domain', 'Permit'])
    expect(view.sections[1]?.rows?.map((row) => [row.label, row.value])).toEqual([
      ['spender', to],
      ['value', '1000000'],
    ])
  })

  it('eth_sendTransaction: recipient, value in ETH, shortened data, network', () => {
    const data = `0xa9059cbb${'00'.repeat(64)}`
    const view = describeApproval({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: '0x16345785d8a0000', data }],
      chainId: 31337,
    })
    expect(view.title).toBe('Approve transaction')
    expect(view.sections[0]?.rows).toEqual([
      { label: 'To', value: to, mono: true },
      { label: 'Value', value: '0.1 ETH' },
      { label: 'Data', value: '0xa9059cbb…00000000 (68 bytes)', mono: true },
      { label: 'Network', value: 'Chain 31337' },
    ])
  })

  it('eth_sendTransaction: a deployment, no value, the chain of the transaction', () => {
    const view = describeApproval({
      method: 'eth_sendTransaction',
      params: [{ from, data: '0x6080', chainId: '0x7a6a' }],
      chainId: 31337,
    })
    expect(view.sections[0]?.rows).toEqual([
      { label: 'To', value: 'New contract' },
      { label: 'Value', value: '0 ETH' },
      { label: 'Data', value: '0x6080', mono: true },
      { label: 'Network', value: 'Chain 31338' },
    ])
  })

  it('wallet_sendCalls: each call', () => {
    const view = describeApproval({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from,
          calls: [
            { to, value: '0x1' },
            { to, data: '0x' },
          ],
        },
      ],
      chainId: 1,
    })
    expect(view.title).toBe('Approve calls')
    expect(view.sections.map((section) => section.heading)).toEqual([
      undefined,
      'Call 1 of 2',
      'Call 2 of 2',
    ])
    expect(view.sections[0]?.rows).toEqual([
      { label: 'Network', value: 'Chain 31337' },
      { label: 'Calls', value: '2' },
    ])
    expect(view.sections[1]?.rows?.[1]).toEqual({
      label: 'Value',
      value: '0.000000000000000001 ETH',
    })
  })

  it('with its cost: the network by name, the fee rounded up, amounts in the native coin', () => {
    const view = describeApproval({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: '0x16345785d8a0000' }],
      chainId: 31337,
      cost: {
        network: { chainId: 31337, name: 'Latch Devnet' },
        currency: { symbol: 'ETH', decimals: 18 },
        balance: '1000000000000000000',
        value: '100000000000000000',
        fee: '42000000000001',
        shortfall: '0',
      },
    })
    expect(view.sections[0]?.rows).toEqual([
      { label: 'To', value: to, mono: true },
      { label: 'Value', value: '0.1 ETH' },
      { label: 'Network', value: 'Latch Devnet' },
      { label: 'Network fee', value: 'up to 0.000043 ETH' },
    ])
    expect(view.warning).toBeUndefined()
  })

  it('warns of a refusal (a shortfall) or a call the chain says will fail', () => {
    const cost = {
      network: { chainId: 31337, name: 'Latch Devnet' },
      currency: { symbol: 'POL', decimals: 18 },
      balance: '0',
      value: '0',
      fee: null,
      feeError: 'Execution reverted with reason: ERC20: transfer amount exceeds balance.',
      shortfall: '0',
    }
    const failing = describeApproval({
      method: 'wallet_sendCalls',
      params: [{ calls: [{ to, value: '0x0' }] }],
      chainId: 31337,
      cost,
    })
    expect(failing.warning).toBe(
      'This transaction is expected to fail: Execution reverted with reason: ERC20: transfer amount exceeds balance.',
    )
    expect(failing.sections[0]?.rows).toEqual([
      { label: 'Network', value: 'Latch Devnet' },
      { label: 'Calls', value: '1' },
    ])
    expect(failing.sections[1]?.rows?.[1]).toEqual({ label: 'Value', value: '0 POL' })
    const refused = describeApproval({
      method: 'eth_sendTransaction',
      params: [{ to }],
      chainId: 31337,
      cost,
      refusal: 'Not enough POL for the network fee: you need 0.1 POL more',
    })
    expect(refused.warning).toBe('Not enough POL for the network fee: you need 0.1 POL more')
    // A signature has no cost and no warning.
    expect(
      describeApproval({ method: 'personal_sign', params: ['0x68', from], chainId: 1, cost })
        .warning,
    ).toBeUndefined()
  })

  it('other unsafe methods: the raw parameters', () => {
    const view = describeApproval({
      method: 'wallet_grantPermissions',
      params: [{ expiry: 1n }],
      chainId: 1,
    })
    expect(view.title).toBe('Grant permissions')
    expect(view.sections[0]?.block?.text).toContain('"expiry": "1"')
  })
})
