import { z } from 'zod'

/** A 0x-prefixed 20-byte hex address, as written in the devnet manifest. */
export const hexAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-character address')
  .transform((value) => value as `0x${string}`)

export const devnetToken = z.object({
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int().nonnegative(),
  address: hexAddress,
  /** True for the token that stands for unsolicited airdrop spam. */
  spam: z.boolean(),
})

export const devnetPair = z.object({
  /** Symbols of the two tokens, as in `tokens` (WETH stands for the native coin). */
  tokens: z.tuple([z.string(), z.string()]),
  address: hexAddress,
})

export const devnetChain = z.object({
  chainId: z.number().int().positive(),
  name: z.string(),
  rpcUrl: z.string().url(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  contracts: z.object({
    multicall3: hexAddress,
    weth9: hexAddress,
    uniswapV2Factory: hexAddress,
    uniswapV2Router02: hexAddress,
    entryPoint: hexAddress,
    simpleAccountFactory: hexAddress,
    /**
     * The smart accounts' factory (OpenZeppelin's ERC-7579 account on EntryPoint v0.8, one ECDSA
     * owner): `getAddress(owner, salt)` is an account's address before it exists,
     * `createAccount(owner, salt)` its deployment. CREATE2-deployed: the same on every chain.
     */
    latchAccountFactory: hexAddress,
    /** The implementation every account created by `latchAccountFactory` is a clone of. */
    latchAccountImplementation: hexAddress,
    /**
     * The verifying paymaster (OpenZeppelin's PaymasterSigner on EntryPoint v0.8) whose signer is
     * `paymaster.signer` of the manifest, funded and staked in the EntryPoint. Absent in manifests
     * written before it existed.
     */
    latchPaymaster: hexAddress.optional(),
    /**
     * The session-key validator (ERC-7579 module type 1) smart accounts install to grant a site's
     * key limited permissions, enforced on every user operation it signs. CREATE2-deployed: the
     * same on every chain. Absent in manifests written before it existed.
     */
    latchSessionValidator: hexAddress.optional(),
  }),
  tokens: z.array(devnetToken),
  pairs: z.array(devnetPair),
  /**
   * The chain's ERC-4337 bundler (alto, EntryPoint v0.8 only): its JSON-RPC URL. Absent when the
   * devnet was started without bundlers.
   */
  bundlerUrl: z.string().url().optional(),
})

/** A base58 Solana address (32 bytes: 32 to 44 characters). */
export const devnetSolanaAddress = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Expected a base58 Solana address')

export const devnetSolanaToken = z.object({
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int().nonnegative(),
  /** The token's mint address. */
  mint: devnetSolanaAddress,
  /** The token program that owns the mint (SPL Token or Token-2022). */
  programId: devnetSolanaAddress,
})

/** The local Solana chain (`npm run devnet`): Solana's JSON-RPC and its WebSocket subscriptions. */
export const devnetSolanaChain = z.object({
  /** `solana:` + the first 32 characters of `genesisHash`. */
  caipNetworkId: z.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/),
  genesisHash: devnetSolanaAddress,
  name: z.string(),
  rpcUrl: z.string().url(),
  wsUrl: z.string().url(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  tokens: z.array(devnetSolanaToken),
  /**
   * The accounts of `mnemonic` on m/44'/501'/i'/0' (as Phantom derives them), each funded with
   * SOL and every token. `secretKey` is the 64-byte keypair in base58, as wallets import it.
   */
  accounts: z.array(z.object({ address: devnetSolanaAddress, secretKey: z.string() })),
})

/** A devnet Bitcoin address: regtest bech32 (`bcrt1q...` P2WPKH, `bcrt1p...` P2TR). */
export const devnetBitcoinAddress = z
  .string()
  .regex(/^bcrt1[02-9ac-hj-np-z]{8,87}$/, 'Expected a regtest bech32 address (bcrt1...)')

/**
 * One key and address of a devnet Bitcoin account, as wallets report and import it. `purpose` is
 * the role wallets give the address (sats-connect's `payment` and `ordinals`).
 */
export const devnetBitcoinAddressEntry = z.object({
  address: devnetBitcoinAddress,
  purpose: z.enum(['payment', 'ordinals']),
  addressType: z.enum(['p2wpkh', 'p2tr']),
  /** BIP-84 (`m/84'/1'/i'/0/0`) for payment, BIP-86 (`m/86'/1'/i'/0/0`) for ordinals. */
  derivationPath: z.string(),
  /**
   * Hex public key as wallets report it: compressed (33 bytes) for P2WPKH, the x-only internal
   * key (32 bytes, before the taproot tweak) for P2TR.
   */
  publicKey: z.string().regex(/^[0-9a-f]{64}([0-9a-f]{2})?$/),
  /** Hex private key (32 bytes); for P2TR the internal key, which wallets tweak to sign. */
  privateKey: z.string().regex(/^[0-9a-f]{64}$/),
  /** The private key in WIF (regtest/testnet prefix, compressed), as wallets import it. */
  wif: z.string(),
})

/**
 * The local Bitcoin chain (regtest parameters) behind an Esplora REST API, the protocol of
 * Blockstream's and mempool.space's explorers: `{esploraUrl}/address/:a/utxo`, `POST {esploraUrl}/tx`,
 * ... Devnet only: `POST {esploraUrl}/latch/mine?blocks=n` mines n blocks at once and answers
 * their hashes, and `POST {esploraUrl}/latch/faucet` (JSON `{address, sats}`) pays an address from
 * the miner's coins and answers the txid (in the mempool until the next block).
 */
export const devnetBitcoinChain = z.object({
  /** `bip122:` + the first 32 hex characters of regtest's genesis block hash. */
  caipNetworkId: z.string().regex(/^bip122:[0-9a-f]{32}$/),
  name: z.string(),
  /** Which address encoding the chain takes (`bcrt1` segwit addresses). */
  network: z.literal('regtest'),
  esploraUrl: z.string().url(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  /** How often the chain mines a block by itself, in ms; 0 when only on demand. */
  blockIntervalMs: z.number().int().nonnegative(),
  /**
   * The accounts of `mnemonic`, account index i' on BIP-84 and BIP-86 (coin type 1, as wallets
   * derive test networks): a payment address funded from a coinbase at start with matured coins,
   * and an ordinals address with a small balance of its own.
   */
  accounts: z.array(
    z.object({
      payment: devnetBitcoinAddressEntry.extend({
        purpose: z.literal('payment'),
        addressType: z.literal('p2wpkh'),
      }),
      ordinals: devnetBitcoinAddressEntry.extend({
        purpose: z.literal('ordinals'),
        addressType: z.literal('p2tr'),
      }),
    }),
  ),
})

/** What `npm run devnet` writes once every chain is deployed; server, demo and tests read it. */
export const devnetManifest = z.object({
  version: z.literal(1),
  mnemonic: z.string(),
  /** The first ten anvil accounts, each funded with the native coin and every token. */
  accounts: z.array(z.object({ address: hexAddress, privateKey: z.string() })),
  chains: z.array(devnetChain).min(1),
  /** The local Solana chain; absent in manifests written before it existed. */
  solana: devnetSolanaChain.optional(),
  /** The local Bitcoin chain; absent in manifests written before it existed. */
  bitcoin: devnetBitcoinChain.optional(),
  /** The local WalletConnect relay (`ws://127.0.0.1:8547`); it accepts any non-empty projectId. */
  walletConnect: z.object({ relayUrl: z.string().url(), projectId: z.string().min(1) }),
  /**
   * The mail catcher: an SMTP server on loopback that keeps every message, and an HTTP inbox to
   * read them (`GET {inboxUrl}/messages?to=<address>`, newest last).
   */
  mail: z.object({ smtpUrl: z.string().url(), inboxUrl: z.string().url() }).optional(),
  /**
   * The local OpenID Connect provider, registered with the server as social provider `dev`. Its
   * client is a native-app client: any loopback redirect URI, on any port, is accepted.
   */
  oidc: z
    .object({ issuer: z.string().url(), clientId: z.string(), clientSecret: z.string() })
    .optional(),
  /**
   * The sandbox on-ramp's treasury, funded with ether and USDC on every chain: a development
   * server pays sandbox orders from it.
   */
  onramp: z
    .object({ treasury: z.object({ address: hexAddress, privateKey: z.string() }) })
    .optional(),
  /**
   * The key every chain's `latchPaymaster` takes sponsorships from: a development server signs
   * with it when PAYMASTER_SIGNER_KEY is unset.
   */
  paymaster: z
    .object({ signer: z.object({ address: hexAddress, privateKey: z.string() }) })
    .optional(),
})

export type DevnetToken = z.infer<typeof devnetToken>
export type DevnetChain = z.infer<typeof devnetChain>
export type DevnetManifest = z.infer<typeof devnetManifest>
export type DevnetSolanaChain = z.infer<typeof devnetSolanaChain>
export type DevnetSolanaToken = z.infer<typeof devnetSolanaToken>
export type DevnetBitcoinChain = z.infer<typeof devnetBitcoinChain>
export type DevnetBitcoinAccount = DevnetBitcoinChain['accounts'][number]
