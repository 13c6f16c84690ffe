import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './solanaAddress.ts'
import {
  decodeBase64,
  decodeSolanaMessage,
  decodeSolanaTransaction,
  encodeBase64,
  encodeSolanaTransaction,
  isEmptySignature,
  requiredSigners,
  SolanaWireError,
} from './solanaWire.ts'

const payer = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdcVwX7tPhp5m'
const system = '11111111111111111111111111111111'
const table = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
const key = (address: string) => Array.from(decodeBase58(address) as Uint8Array)
const blockhash = new Array(32).fill(9)

/** A v0 message: payer signs, one instruction of 130 data bytes (a two-byte length), one table. */
const v0Message = Uint8Array.from([
  0x80,
  1,
  0,
  1,
  2,
  ...key(payer),
  ...key(system),
  ...blockhash,
  1,
  1,
  2,
  0,
  2,
  0x82,
  0x01,
  ...new Array(130).fill(5),
  1,
  ...key(table),
  1,
  3,
  0,
])

describe('the Solana wire format', () => {
  it('reads a v0 message: header, accounts, instruction with a long compact length, lookups', () => {
    const message = decodeSolanaMessage(v0Message)
    expect(message.version).toBe(0)
    expect(message.header).toEqual({
      numRequiredSignatures: 1,
      numReadonlySignedAccounts: 0,
      numReadonlyUnsignedAccounts: 1,
    })
    expect(message.staticAccounts).toEqual([payer, system])
    expect(message.recentBlockhash).toBe(encodeBase58(Uint8Array.from(blockhash)))
    expect(message.instructions).toHaveLength(1)
    expect(message.instructions[0]?.programIdIndex).toBe(1)
    expect(message.instructions[0]?.accountIndexes).toEqual([0, 2])
    expect(message.instructions[0]?.data).toEqual(new Uint8Array(130).fill(5))
    expect(message.addressTableLookups).toEqual([
      { account: table, writableIndexes: [3], readonlyIndexes: [] },
    ])
    expect(requiredSigners(message)).toEqual([payer])
  })

  it('round-trips a transaction through base64, a signature placed in its slot', () => {
    const signature = new Uint8Array(64).fill(1)
    const wire = encodeSolanaTransaction({ signatures: [signature], messageBytes: v0Message })
    const decoded = decodeSolanaTransaction(decodeBase64(encodeBase64(wire)) as Uint8Array)
    expect(decoded.signatures).toEqual([signature])
    expect(decoded.messageBytes).toEqual(v0Message)
    expect(isEmptySignature(signature)).toBe(false)
    expect(isEmptySignature(new Uint8Array(64))).toBe(true)
  })

  it('refuses what is not a transaction, saying why', () => {
    const wire = (signatures: number, message: Uint8Array) =>
      encodeSolanaTransaction({
        signatures: Array.from({ length: signatures }, () => new Uint8Array(64)),
        messageBytes: message,
      })
    const cases: [Uint8Array, RegExp][] = [
      [wire(1, v0Message.slice(0, 60)), /ends too early/],
      [wire(2, v0Message), /2 signature slots for 1 signers/],
      [wire(1, Uint8Array.from([...v0Message, 0])), /bytes after its message/],
      [wire(1, Uint8Array.from([0x81, ...v0Message.slice(1)])), /version 1 is not supported/],
      [wire(1, Uint8Array.from([0x80, 0, ...v0Message.slice(2)])), /no valid fee payer/],
      [new Uint8Array(1300), /larger than 1232 bytes/],
    ]
    for (const [bytes, expected] of cases) {
      expect(() => decodeSolanaTransaction(bytes)).toThrow(SolanaWireError)
      expect(() => decodeSolanaTransaction(bytes)).toThrow(expected)
    }
  })

  it('reads base64 strictly', () => {
    expect(decodeBase64('aGk=')).toEqual(Uint8Array.from([104, 105]))
    expect(decodeBase64('aGk')).toBeUndefined()
    expect(decodeBase64('a-k=')).toBeUndefined()
  })
})
