import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getTransactionEncoder,
  lamports,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startKitDevnet } from '../../../devnet/src/solana/kit.fixture.ts'
import { solanaKeypair, verifyEd25519 } from './keys.ts'
import { sendWireTransaction } from './send.ts'
import { parseWireTransaction, signWireTransaction, TransactionFormatError } from './wire.ts'

let kit: Awaited<ReturnType<typeof startKitDevnet>>
beforeAll(async () => {
  kit = await startKitDevnet()
})
afterAll(async () => {
  await kit?.devnet.stop()
})

const keypairOf = (index: number) => {
  const account = kit.devnet.keys.accounts[index]
  if (!account) throw new Error(`no devnet account ${index}`)
  return solanaKeypair(account.secretKey)
}

/** An unsigned SOL transfer from `from` (fee payer) as wire bytes, built and encoded by kit. */
async function unsignedTransfer(
  version: 'legacy' | 0,
  from: string,
  to: string,
  amount: bigint,
  extraSigner?: Awaited<ReturnType<typeof generateKeyPairSigner>>,
) {
  const { value: latest } = await kit.rpc.getLatestBlockhash().send()
  const instructions = [
    getTransferSolInstruction({
      source: createNoopSigner(address(from)),
      destination: address(to),
      amount: lamports(amount),
    }),
  ]
  if (extraSigner) {
    // A second signer: a zero-lamport transfer it authorizes, so the site signs before the wallet.
    instructions.push(
      getTransferSolInstruction({ source: extraSigner, destination: address(to), amount: 0n }),
    )
  }
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const compiled = compileTransaction(message)
  return { compiled, bytes: new Uint8Array(getTransactionEncoder().encode(compiled)) }
}

const balance = async (owner: string) => (await kit.rpc.getBalance(address(owner)).send()).value

describe('signWireTransaction', () => {
  for (const version of ['legacy', 0] as const) {
    it(`signs a kit-built ${version} transfer exactly as kit would, and it lands on the devnet`, async () => {
      const payer = keypairOf(1)
      const { address: to } = await generateKeyPairSigner()
      const { compiled, bytes } = await unsignedTransfer(version, payer.address, to, 5_000_000n)
      expect(parseWireTransaction(bytes).version).toBe(version)

      const { signedTransaction, signature } = signWireTransaction(
        bytes,
        payer.publicKey,
        payer.sign,
      )
      expect(verifyEd25519(payer.publicKey, new Uint8Array(compiled.messageBytes), signature)).toBe(
        true,
      )
      // ed25519 is deterministic: kit signing the same message gives the same bytes.
      const kitSigner = await kit.signer(1)
      const bySelf = await signTransaction([kitSigner.keyPair], compiled)
      expect(signedTransaction).toEqual(new Uint8Array(getTransactionEncoder().encode(bySelf)))

      const sent = await sendWireTransaction(kit.devnet.rpcUrl, signedTransaction, {
        commitment: 'confirmed',
      })
      expect(sent).toBe(getBase58Decoder().decode(signature))
      expect(await balance(to)).toBe(5_000_000n)
    })
  }

  it("fills the wallet's slot of a transaction the site has already signed, keeping the site's signature", async () => {
    const payer = keypairOf(2)
    const site = await generateKeyPairSigner()
    const { address: to } = await generateKeyPairSigner()
    const { compiled, bytes } = await unsignedTransfer(0, payer.address, to, 3_000_000n, site)
    const partly = await partiallySignTransaction([site.keyPair], compiled)
    const partlyBytes = new Uint8Array(getTransactionEncoder().encode(partly))

    const { signedTransaction, transaction } = signWireTransaction(
      partlyBytes,
      payer.publicKey,
      payer.sign,
    )
    expect(transaction.signers).toHaveLength(2)
    expect(transaction.signers[0]).toEqual(payer.publicKey)
    // The site's slot still holds its signature, the fee payer's slot now the wallet's.
    expect(transaction.signatures[1]).toEqual(new Uint8Array(partly.signatures[site.address] ?? []))
    expect(bytes.length).toBe(signedTransaction.length)
    await sendWireTransaction(kit.devnet.rpcUrl, signedTransaction, { commitment: 'confirmed' })
    expect(await balance(to)).toBe(3_000_000n)
  })

  it("passes the node's error on when the transaction cannot run", async () => {
    // A fresh account holds no lamports, so it cannot pay the fee.
    const poor = await generateKeyPairSigner()
    const { address: to } = await generateKeyPairSigner()
    const { compiled } = await unsignedTransfer('legacy', poor.address, to, 1n)
    const signed = await signTransaction([poor.keyPair], compiled)
    const bytes = new Uint8Array(getTransactionEncoder().encode(signed))
    await expect(sendWireTransaction(kit.devnet.rpcUrl, bytes)).rejects.toMatchObject({
      code: -32002,
      message: expect.stringMatching(/^Transaction simulation failed/),
    })
  })

  it('refuses what it cannot sign, saying why', async () => {
    const payer = keypairOf(1)
    const stranger = keypairOf(3)
    const { bytes } = await unsignedTransfer(0, payer.address, stranger.address, 1n)
    expect(() => signWireTransaction(bytes, stranger.publicKey, stranger.sign)).toThrow(
      new TransactionFormatError('the wallet account is not a signer of it'),
    )
    expect(() => parseWireTransaction(bytes.slice(0, 40))).toThrow(/too short for 1 signatures/)
    const versionOne = new Uint8Array(bytes)
    versionOne[65] = 0x81
    expect(() => parseWireTransaction(versionOne)).toThrow('unsupported transaction version 1')
    const twoSlots = new Uint8Array([2, ...bytes.slice(1), ...new Uint8Array(64)])
    expect(() => parseWireTransaction(twoSlots)).toThrow()
  })
})

describe('solanaKeypair', () => {
  it('derives the address of a 64-byte base58 secret key and signs verifiably', () => {
    const account = kit.devnet.keys.accounts[0]
    if (!account) throw new Error('no devnet account 0')
    const keypair = solanaKeypair(account.secretKey)
    expect(keypair.address).toBe(account.address)
    const message = new TextEncoder().encode('hello')
    expect(verifyEd25519(keypair.publicKey, message, keypair.sign(message))).toBe(true)
    expect(verifyEd25519(keypair.publicKey, new Uint8Array([1]), keypair.sign(message))).toBe(false)
  })

  it('refuses a key that is not 64 bytes or whose halves do not match', () => {
    const [a, b] = kit.devnet.keys.accounts
    if (!a || !b) throw new Error('fewer than 2 devnet accounts')
    expect(() => solanaKeypair(a.address)).toThrow('secretKey must be 64 bytes, got 32')
    expect(() => solanaKeypair('0OIl')).toThrow('secretKey must be base58')
    const bytesA = Buffer.from(getBase58Encoder().encode(a.secretKey))
    const bytesB = Buffer.from(getBase58Encoder().encode(b.secretKey))
    const mixed = getBase58Decoder().decode(
      Buffer.concat([bytesA.subarray(0, 32), bytesB.subarray(32)]),
    )
    expect(() => solanaKeypair(mixed)).toThrow(/not the public key/)
  })
})
