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

  it('eth_sendTransaction of an unknown call: recipient, value in ETH, selector, shortened data, network', () => {
    const data = `0x12345678${'00'.repeat(64)}`
    const view = describeApproval({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: '0x16345785d8a0000', data }],
      chainId: 31337,
    })
    expect(view.title).toBe('Approve transaction')
    expect(view.sections[0]?.rows).toEqual([
      { label: 'To', value: to, mono: true },
      { label: 'Value', value: '0.1 ETH' },
      { label: 'Function', value: '0x12345678', mono: true },
      { label: 'Data', value: '0x12345678…00000000 (68 bytes)', mono: true },
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
      method: 'eth_sendUserOperation',
      params: [{ nonce: 1n }],
      chainId: 1,
    })
    expect(view.title).toBe('Approve user operation')
    expect(view.sections[0]?.block?.text).toContain('"nonce": "1"')
  })

  describe('a batch of known calls', () => {
    const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const
    const dai = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as const
    const router = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9' as const
    const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')
    const approve = `0x095ea7b3${word(router)}${word(100_000_000n.toString(16))}`
    // swapExactTokensForTokens(100 USDC, 98 DAI, [usdc, dai], from, deadline)
    const swap = `0x38ed1739${[
      100_000_000n.toString(16),
      (98n * 10n ** 18n).toString(16),
      'a0',
      from,
      '70000000',
      '2',
      usdc,
      dai,
    ]
      .map(word)
      .join('')}`
    const cost = {
      network: { chainId: 31337, name: 'Latch Devnet' },
      currency: { symbol: 'ETH', decimals: 18 },
      balance: '0',
      value: '0',
      fee: '1',
      shortfall: '0',
      tokens: [
        { address: usdc, symbol: 'USDC', decimals: 6 },
        { address: dai, symbol: 'DAI', decimals: 18 },
      ],
      swapRouter: router,
    }

    it('lists each call by what it does, with amounts in the tokens the server named', () => {
      const view = describeApproval({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            from,
            calls: [
              { to: usdc, data: approve },
              { to: router, data: swap },
            ],
          },
        ],
        chainId: 31337,
        cost,
      })
      expect(view.sections.map((section) => section.heading)).toEqual([
        undefined,
        'Call 1 of 2: Approve USDC',
        'Call 2 of 2: Swap USDC for DAI',
      ])
      expect(view.sections[1]?.rows).toEqual([
        { label: 'Token', value: usdc, mono: true },
        // Addresses read from call data are shown as the data holds them: lower case.
        { label: 'Spender (Uniswap V2 router)', value: router.toLowerCase(), mono: true },
        { label: 'Amount', value: '100 USDC' },
      ])
      expect(view.sections[2]?.rows).toEqual([
        { label: 'Swap with (Uniswap V2 router)', value: router, mono: true },
        { label: 'Sell', value: '100 USDC' },
        { label: 'Receive at least', value: '98 DAI' },
        { label: 'Recipient', value: from.toLowerCase(), mono: true },
      ])
    })

    it('without the server’s word on the tokens: the amounts in base units, said so, and an unlimited approval said so', () => {
      const unlimited = `0x095ea7b3${word(router)}${'f'.repeat(64)}`
      const view = describeApproval({
        method: 'wallet_sendCalls',
        params: [
          {
            calls: [
              { to: usdc, data: unlimited },
              { to: router, data: swap },
            ],
          },
        ],
        chainId: 31337,
      })
      expect(view.sections[1]?.heading).toBe('Call 1 of 2: Approve a token')
      expect(view.sections[1]?.rows?.[2]).toEqual({ label: 'Amount', value: 'Unlimited' })
      expect(view.sections[2]?.rows?.[1]).toEqual({
        label: 'Sell',
        value: '100,000,000 (base units of an unknown token)',
      })
    })

    it('a single transfer: its heading, recipient and amount, then network and fee', () => {
      const transfer = `0xa9059cbb${word(to)}${word(5_000_000n.toString(16))}`
      const view = describeApproval({
        method: 'eth_sendTransaction',
        params: [{ from, to: usdc, data: transfer }],
        chainId: 31337,
        cost,
      })
      expect(view.sections[0]?.heading).toBe('Send USDC')
      expect(view.sections[0]?.rows?.slice(0, 3)).toEqual([
        { label: 'Token', value: usdc, mono: true },
        { label: 'To', value: to.toLowerCase(), mono: true },
        { label: 'Amount', value: '5 USDC' },
      ])
    })
  })
})

describe('describeApproval: a sponsored smart account operation', () => {
  const cost = {
    network: { chainId: 31337, name: 'Latch Devnet' },
    currency: { symbol: 'ETH', decimals: 18 },
    balance: '0',
    value: '0',
    fee: '420000000000000',
    shortfall: '0',
  }
  const tx = {
    from: '0x00000000000000000000000000000000000000aa',
    to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  }

  it('says who pays the fee instead of the user', () => {
    const view = describeApproval({
      method: 'eth_sendTransaction',
      params: [tx],
      chainId: 31337,
      cost: { ...cost, sponsor: 'Latch demo' },
    })
    expect(view.sections[0]?.rows?.at(-1)).toEqual({
      label: 'Network fee',
      value: 'Paid by Latch demo',
    })
  })

  it('says why the site does not pay, beside the fee the user pays', () => {
    const notice =
      'This site is not paying for this transaction: its budget for network fees is used up for now. You pay the network fee.'
    const view = describeApproval({
      method: 'wallet_sendCalls',
      params: [{ calls: [tx] }],
      chainId: 31337,
      cost: { ...cost, sponsorshipNotice: notice },
    })
    expect(view.sections[0]?.rows?.at(-1)).toEqual({
      label: 'Network fee',
      value: 'up to 0.00042 ETH',
    })
    expect(view.sections[1]).toEqual({ block: { text: notice, mono: false } })
    expect(view.warning).toBeUndefined()
  })
})
