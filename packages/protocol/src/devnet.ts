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

/** An NFT collection the devnet deploys and seeds the accounts with. */
export const devnetNftCollection = z.object({
  /** A short key: its metadata is served under `<nftMetadataUrl>/<key>/`. */
  key: z.string(),
  address: hexAddress,
  standard: z.enum(['erc721', 'erc1155']),
  name: z.string(),
  /** Minted to every account unasked, with a lure for a name: what the server flags as spam. */
  spam: z.boolean(),
})
export type DevnetNftCollection = z.infer<typeof devnetNftCollection>

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
     * OpenZeppelin's ERC-7821 batch executor, for an account to delegate to with EIP-7702 (the
     * test wallet's EIP-5792 batches). Absent in manifests written before it existed.
     */
    batchExecutor: hexAddress.optional(),
    /**
     * The session-key validator (ERC-7579 module type 1) smart accounts install to grant a site's
     * key limited permissions, enforced on every user operation it signs. CREATE2-deployed: the
     * same on every chain. Absent in manifests written before it existed.
     */
    latchSessionValidator: hexAddress.optional(),
  }),
  tokens: z.array(devnetToken),
  pairs: z.array(devnetPair),
  /** The NFT collections (CREATE2: the same on every chain); absent in older manifests. */
  nfts: z.array(devnetNftCollection).optional(),
  /**
   * Where the devnet serves its NFTs' metadata and images (loopback): each collection's tokenURI
   * points under it. Absent in older manifests.
   */
  nftMetadataUrl: z.string().url().optional(),
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

/**
 * One devnet Polkadot account as a wallet imports it: `suri` is the secret URI (`//Alice`: the dev
 * phrase with a hard derivation), `type` the key scheme, `address` SS58 in the chain's prefix.
 */
export const devnetPolkadotAccount = z.object({
  name: z.string(),
  address: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{46,50}$/, 'Expected an SS58 address'),
  /** Hex public key (32 bytes for sr25519 and ed25519, 33 compressed for ecdsa). */
  publicKey: z.string().regex(/^0x[0-9a-f]{64}([0-9a-f]{2})?$/),
  suri: z.string(),
  type: z.enum(['sr25519', 'ed25519', 'ecdsa']),
})

/**
 * The local Polkadot chain: chopsticks running Rococo Asset Hub's runtime from its genesis, on a
 * WebSocket JSON-RPC endpoint; a block is built as soon as a transaction arrives.
 */
export const devnetPolkadotChain = z.object({
  /** `polkadot:` + the first 32 hex characters of `genesisHash`. */
  caipNetworkId: z.string().regex(/^polkadot:[0-9a-f]{32}$/),
  genesisHash: z.string().regex(/^0x[0-9a-f]{64}$/),
  name: z.string(),
  wsUrl: z.string().url(),
  /** The chain's SS58 prefix (from its properties; 42 when they name none). */
  ss58Prefix: z.number().int().nonnegative(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  /** Each funded at start with the same balance; the same addresses on every start. */
  accounts: z.array(devnetPolkadotAccount),
})

/**
 * A devnet Farcaster account: its fid and profile, the custody address that owns the fid in the
 * ID Registry (an EOA, or a contract account answering ERC-1271), and the key that signs for it
 * (the custody itself, or the contract's owner).
 */
export const devnetFarcasterAccount = z.object({
  fid: z.number().int().positive(),
  username: z.string(),
  displayName: z.string(),
  /** A data: URL (PNG), so any page can show it under a strict Content-Security-Policy. */
  pfpUrl: z.string(),
  custody: hexAddress,
  custodyType: z.enum(['eoa', 'contract']),
  signer: z.object({ address: hexAddress, privateKey: z.string() }),
})

/**
 * The devnet's Sign In With Farcaster stand-ins: an auth relay speaking the hosted relay's channel
 * protocol (`POST {relayUrl}/v1/channel`, `GET /v1/channel/status`, `POST /v1/channel/authenticate`
 * with the app key in X-Farcaster-Auth-Relay-Key; devnet only: `POST /v1/channel/decline`), and an
 * OP-stack-like chain (id 10) with the ID Registry at its canonical address. Only Latch's server
 * and the Farcaster app use the chain: it is no network of the site's.
 */
export const devnetFarcaster = z.object({
  relayUrl: z.string().url(),
  /** The key the devnet's Farcaster app authenticates channels with. */
  appKey: z.string().min(1),
  /** How long a channel lives on the relay, in ms. */
  channelTtlMs: z.number().int().positive(),
  optimism: z.object({
    chainId: z.number().int().positive(),
    name: z.string(),
    rpcUrl: z.string().url(),
    idRegistry: hexAddress,
  }),
  accounts: z.array(devnetFarcasterAccount),
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
  /** The local Polkadot chain; absent in manifests written before it existed. */
  polkadot: devnetPolkadotChain.optional(),
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
  /** Sign In With Farcaster's relay and ID Registry chain; absent in manifests written before them. */
  farcaster: devnetFarcaster.optional(),
})

export type DevnetToken = z.infer<typeof devnetToken>
export type DevnetChain = z.infer<typeof devnetChain>
export type DevnetManifest = z.infer<typeof devnetManifest>
export type DevnetSolanaChain = z.infer<typeof devnetSolanaChain>
export type DevnetSolanaToken = z.infer<typeof devnetSolanaToken>
export type DevnetBitcoinChain = z.infer<typeof devnetBitcoinChain>
export type DevnetBitcoinAccount = DevnetBitcoinChain['accounts'][number]
export type DevnetPolkadotChain = z.infer<typeof devnetPolkadotChain>
export type DevnetPolkadotAccount = z.infer<typeof devnetPolkadotAccount>
export type DevnetFarcaster = z.infer<typeof devnetFarcaster>
export type DevnetFarcasterAccount = z.infer<typeof devnetFarcasterAccount>
