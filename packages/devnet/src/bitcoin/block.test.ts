import { describe, expect, it } from 'vitest'
import { blockSubsidy, serializeHeader, targetOf } from './block.ts'
import { displayHash, hex, sha256d } from './bytes.ts'
import { BitcoinChain } from './chain.ts'
import { REGTEST_GENESIS } from './constants.ts'
import { parseTransaction } from './transaction.ts'

describe('Bitcoin devnet blocks', () => {
  it("rebuild regtest's genesis block: its coinbase's txid is the Merkle root, its header hashes to the known hash", () => {
    const coinbase = parseTransaction(hex.decode(REGTEST_GENESIS.coinbaseHex))
    expect(coinbase.txid).toBe('4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b')
    const header = serializeHeader({
      version: REGTEST_GENESIS.version,
      prevHash: '0'.repeat(64),
      merkleRoot: coinbase.txid,
      time: REGTEST_GENESIS.time,
      bits: REGTEST_GENESIS.bits,
      nonce: REGTEST_GENESIS.nonce,
    })
    expect(displayHash(sha256d(header))).toBe(REGTEST_GENESIS.hash)
  })

  it('mine blocks whose header meets the target and commits to its transactions', () => {
    const chain = new BitcoinChain()
    const script = hex.decode('0014751e76e8199196d454941c45d1b3a323f1433bd6')
    const block = chain.mine([{ script }])
    const header = serializeHeader(block)
    expect(displayHash(sha256d(header))).toBe(block.hash)
    expect(BigInt(`0x${block.hash}`) <= targetOf(block.bits)).toBe(true)
    expect(block.prevHash).toBe(REGTEST_GENESIS.hash)
    // A lone coinbase is its own Merkle root; it pays the subsidy, and its height (BIP-34).
    expect(block.merkleRoot).toBe(block.txids[0])
    const coinbase = chain.transaction(block.txids[0] as string)
    expect(coinbase?.parsed.tx.outputs[0]?.amount).toBe(5_000_000_000n)
    expect(coinbase?.parsed.tx.inputs[0]?.finalScriptSig[0]).toBe(0x51)
    expect(blockSubsidy(150)).toBe(2_500_000_000n)
  })
})
