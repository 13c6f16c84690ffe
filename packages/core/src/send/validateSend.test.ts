import { decodeFunctionData, erc20Abi, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { evmTransferPreparation } from '../chains/evm/prepareTransfer.ts'
import { solanaTransferPreparation } from '../chains/solana/prepareTransfer.ts'
import { validateSolanaSend } from '../chains/solana/validateSend.ts'
import type { LatchError } from '../errors.ts'
import { maxNativeSend, validateSend } from './validateSend.ts'

const eth = { decimals: 18, symbol: 'ETH' }
const usdc = {
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  decimals: 6,
  symbol: 'USDC',
} as const
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('validateSend (a token, an amount and a receiver are required)', () => {
  it('asks for a token first, then an amount and a receiver', () => {
    expect(() => validateSend({ amount: '1', receiver })).toThrow('A token is required')
    expect(() => validateSend({ token: eth, receiver })).toThrow(
      'An amount and receiver address are required',
    )
    expect(() => validateSend({ token: eth, amount: '1', receiver: ' ' })).toThrow(
      'An amount and receiver address are required',
    )
  })

  it('refuses gasPrice together with EIP-1559 fees', () => {
    expect(() =>
      validateSend({ token: eth, amount: '1', receiver, gasPrice: 1n, maxFeePerGas: 2n }),
    ).toThrow('gasPrice cannot be combined with maxFeePerGas or maxPriorityFeePerGas')
    expect(() =>
      validateSend({ token: eth, amount: '1', receiver, gasPrice: 1n, maxPriorityFeePerGas: 2n }),
    ).toThrow('gasPrice cannot be combined')
  })

  it('takes the receiver with or without 0x, and refuses anything else', () => {
    const bare = validateSend({
      token: eth,
      amount: '0.5',
      receiver: receiver.slice(2).toLowerCase(),
    })
    expect(bare).toMatchObject({ to: receiver, value: parseEther('0.5'), receiver })
    expect(() => validateSend({ token: eth, amount: '1', receiver: '0x1234' })).toThrow(
      'Invalid receiver address',
    )
  })

  it('takes the receiver in one case or its checksum case, and refuses a case typo with why', () => {
    const upper = `0x${receiver.slice(2).toUpperCase()}`
    for (const written of [receiver, receiver.toLowerCase(), upper, upper.slice(2)])
      expect(validateSend({ token: eth, amount: '1', receiver: written }).receiver, written).toBe(
        receiver,
      )
    // One letter in the wrong case: the checksum tells the typo, and nothing is built.
    for (const typo of [
      receiver.replace('C51812', 'c51812'),
      receiver.replace('dc3A', 'dc3a').slice(2),
    ])
      expect(() => validateSend({ token: usdc, amount: '1', receiver: typo }), typo).toThrow(
        expect.objectContaining({
          shortMessage: 'Invalid receiver address',
          details:
            "The mix of capital and small letters does not match this address's checksum: a character is likely mistyped.",
        }),
      )
  })

  it('refuses zero, negative, non-numeric amounts and more decimals than the token has', () => {
    for (const amount of ['0', '0.000', '-1', 'abc', '1e18', '1.2.3'])
      expect(() => validateSend({ token: eth, amount, receiver }), amount).toThrow('Invalid amount')
    expect(() => validateSend({ token: usdc, amount: '1.0000001', receiver })).toThrow(
      'Invalid amount',
    )
  })

  it('builds an ERC-20 transfer to the token contract', () => {
    const tx = validateSend({ token: usdc, amount: '12.5', receiver })
    expect(tx.to).toBe(usdc.address)
    expect(tx.value).toBe(0n)
    const decoded = decodeFunctionData({ abi: erc20Abi, data: tx.data ?? '0x' })
    expect(decoded).toEqual({ functionName: 'transfer', args: [receiver, 12_500_000n] })
  })
})

describe('maxNativeSend', () => {
  it('keeps twice the transfer gas back', () => {
    expect(maxNativeSend(parseEther('1'), 10n ** 9n)).toBe(parseEther('1') - 42_000n * 10n ** 9n)
    expect(maxNativeSend(1000n, 10n ** 9n)).toBe(0n)
  })
})

describe('validateSolanaSend (the receiver is a Solana address)', () => {
  const sol = { decimals: 9, symbol: 'SOL' }
  const splUsdc = {
    address: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    decimals: 6,
    symbol: 'USDC',
  } as const
  const solanaReceiver = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

  it('gives the transfer: SOL in lamports, or a token by its mint id in its smallest unit', () => {
    expect(
      validateSolanaSend({ token: sol, amount: '1.5', receiver: ` ${solanaReceiver} ` }),
    ).toEqual({ to: solanaReceiver, amount: 1_500_000_000n })
    expect(
      validateSolanaSend({ token: splUsdc, amount: '2.25', receiver: solanaReceiver }),
    ).toEqual({
      to: solanaReceiver,
      amount: 2_250_000n,
      token: splUsdc.address,
    })
  })

  it('refuses a receiver outside 32 to 44 base58 characters, with the rule in the details', () => {
    for (const bad of [
      receiver,
      solanaReceiver.slice(0, 31),
      `${solanaReceiver}12345678`,
      `${solanaReceiver.slice(0, -1)}0`,
      // 44 base58 characters that decode to 33 bytes, not a key.
      'z'.repeat(44),
    ]) {
      let error: unknown
      try {
        validateSolanaSend({ token: sol, amount: '1', receiver: bad })
      } catch (caught) {
        error = caught
      }
      expect((error as LatchError).shortMessage, bad).toBe('Invalid receiver address')
      expect((error as LatchError).details).toBe('A Solana address is 32 to 44 base58 characters.')
    }
  })

  it('asks for the token, amount and receiver, and checks the amount as EVM does', () => {
    expect(() => validateSolanaSend({ amount: '1', receiver: solanaReceiver })).toThrow(
      'A token is required',
    )
    expect(() => validateSolanaSend({ token: sol, receiver: solanaReceiver })).toThrow(
      'An amount and receiver address are required',
    )
    for (const amount of ['0', '-1', 'abc', '0.0000000001'])
      expect(
        () => validateSolanaSend({ token: sol, amount, receiver: solanaReceiver }),
        amount,
      ).toThrow('Invalid amount')
  })
})

describe('a send checked by its family', () => {
  const network = 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K'
  const receiver = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
  const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

  it('checks a Solana send by the Solana rules and names its token on the network', async () => {
    await expect(
      solanaTransferPreparation.check(
        { token: { address: mint, decimals: 6, symbol: 'USDC' }, amount: '1.5', receiver },
        { caipNetworkId: network },
      ),
    ).resolves.toEqual({ to: receiver, amount: 1_500_000n, token: `${network}:${mint}` })
    await expect(
      solanaTransferPreparation.check(
        {
          token: { decimals: 9, symbol: 'SOL' },
          amount: '1',
          receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        },
        { caipNetworkId: network },
      ),
    ).rejects.toThrow('Invalid receiver address')
  })

  it('checks an EVM send by the EVM rules and names its token on the network', async () => {
    await expect(
      evmTransferPreparation.check(
        {
          token: { decimals: 18, symbol: 'ETH' },
          amount: '1',
          receiver: '70997970c51812dc3a010c7d01b50e0d17dc79c8',
        },
        { caipNetworkId: 'eip155:31337' },
      ),
    ).resolves.toEqual({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: 10n ** 18n })
    await expect(
      evmTransferPreparation.check(
        { token: usdc, amount: '2', receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
        { caipNetworkId: 'eip155:31337' },
      ),
    ).resolves.toEqual({
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      amount: 2_000_000n,
      token: `eip155:31337:${usdc.address}`,
    })
  })
})
