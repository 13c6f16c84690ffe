import { describe, expect, it } from 'vitest'
import { receiveUri } from './receiveUri.ts'

describe('receiveUri', () => {
  it('gives Solana wallets a solana: URI, Bitcoin wallets a BIP-21 one, EVM and Polkadot wallets the plain address', () => {
    const solana = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    expect(receiveUri({ namespace: 'solana', address: solana })).toBe(`solana:${solana}`)
    const evm = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(receiveUri({ namespace: 'eip155', address: evm })).toBe(evm)
    const bitcoin = 'bc1ql3e9pgs3mmwuwrh95fecme0s0qtn2880lsvsd5'
    expect(receiveUri({ namespace: 'bip122', address: bitcoin })).toBe(`bitcoin:${bitcoin}`)
    const polkadot = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
    expect(receiveUri({ namespace: 'polkadot', address: polkadot })).toBe(polkadot)
  })
})
