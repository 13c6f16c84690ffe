import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

/** Every contract a devnet manifest names, all at one made-up address. */
const devnetContracts = () =>
  Object.fromEntries(
    [
      'multicall3',
      'weth9',
      'uniswapV2Factory',
      'uniswapV2Router02',
      'entryPoint',
      'simpleAccountFactory',
      'latchAccountFactory',
      'latchAccountImplementation',
    ].map((name) => [name, `0x${'1'.repeat(40)}`]),
  )

const emptyDataDir = () => mkdtempSync(path.join(tmpdir(), 'latch-config-'))

describe('loadConfig', () => {
  it('defaults to PGlite under the data dir, loopback and the dev project', () => {
    const dataDir = emptyDataDir()
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config.database).toEqual({ dialect: 'pglite', dataDir: path.join(dataDir, 'pglite') })
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8787, chains: [] })
    expect(config.devProject).toEqual({ id: 'latch-dev', allowedOrigins: config.corsOrigins })
  })

  it('uses a PostgreSQL server when DATABASE_URL names one', () => {
    const config = loadConfig({
      DATA_DIR: emptyDataDir(),
      DATABASE_URL: 'postgres://u@db:5432/latch',
    })
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/latch' })
  })

  it('reads chains from LATCH_CHAINS', () => {
    const config = loadConfig({
      DATA_DIR: emptyDataDir(),
      LATCH_CHAINS: JSON.stringify([
        { chainId: 1, name: 'Ethereum', rpcUrls: ['https://rpc.example'] },
      ]),
    })
    expect(config.chains).toEqual([
      {
        chainId: 1,
        name: 'Ethereum',
        rpcUrls: ['https://rpc.example'],
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: [],
      },
    ])
  })

  it("reads an EVM chain's bundler URL and account factory, and names a bad one", () => {
    const load = (entry: object) =>
      loadConfig({
        DATA_DIR: emptyDataDir(),
        LATCH_CHAINS: JSON.stringify([
          { chainId: 8453, name: 'Base', rpcUrls: ['https://base.example'], ...entry },
        ]),
      })
    const factory = `0x${'4'.repeat(40)}`
    const [chain] = load({
      bundlerUrl: 'https://bundler.example/rpc?key=k',
      accountFactory: factory,
    }).chains
    expect(chain).toMatchObject({
      bundlerUrl: 'https://bundler.example/rpc?key=k',
      accountFactory: factory,
    })
    expect(load({}).chains[0]).not.toHaveProperty('bundlerUrl')
    expect(() => load({ bundlerUrl: 'not a url' })).toThrow(/LATCH_CHAINS\.0\.bundlerUrl/)
    expect(() => load({ accountFactory: '0x1234' })).toThrow(
      'Expected a 0x-prefixed 40-hex-character address',
    )
  })

  it('refuses to start on a contract whose mixed case is not its checksum, naming where it is', () => {
    const load = (address: string) =>
      loadConfig({
        DATA_DIR: emptyDataDir(),
        LATCH_CHAINS: JSON.stringify([
          {
            chainId: 1,
            name: 'Ethereum',
            rpcUrls: ['https://rpc.example'],
            tokens: [{ address, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
          },
        ]),
      })
    const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    for (const written of [usdc, usdc.toLowerCase(), `0x${usdc.slice(2).toUpperCase()}`])
      expect(load(written).chains[0]?.tokens[0]?.address).toBe(written)
    // One letter in the wrong case: a typo the checksum catches.
    const typo = '0xA0b86991c6218b36c1d19d4a2e9Eb0cE3606eB48'
    expect(() => load(typo)).toThrow(ConfigError)
    expect(() => load(typo)).toThrow(/LATCH_CHAINS\.0\.tokens\.0\.address: .*EIP-55 checksum/)
    expect(() =>
      loadConfig({ DATA_DIR: emptyDataDir(), SPONSORSHIP_TARGETS: `${usdc},${typo}` }),
    ).toThrow(/SPONSORSHIP_TARGETS\.1: .*EIP-55 checksum/)
  })

  it('reads each LATCH_CHAINS entry by its family, EVM when it names none', () => {
    const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const config = loadConfig({
      DATA_DIR: emptyDataDir(),
      LATCH_CHAINS: JSON.stringify([
        { family: 'eip155', chainId: 10, name: 'OP Mainnet', rpcUrls: ['https://op.example'] },
        {
          family: 'solana',
          caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          name: 'Solana',
          rpcUrls: ['https://solana.example'],
          tokens: [{ mint: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
        },
      ]),
    })
    expect(config.chains.map((chain) => chain.chainId)).toEqual([10])
    expect(config.solanaChains).toEqual([
      {
        family: 'solana',
        caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        name: 'Solana',
        rpcUrls: ['https://solana.example'],
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        tokens: [
          {
            mint: usdc,
            symbol: 'USDC',
            name: 'USD Coin',
            decimals: 6,
            usdStablecoin: false,
            spam: false,
          },
        ],
      },
    ])
  })

  it('names what is wrong with a Solana entry', () => {
    const load = (entry: object) =>
      loadConfig({ DATA_DIR: emptyDataDir(), LATCH_CHAINS: JSON.stringify([entry]) })
    const solana = { family: 'solana', name: 'Solana', rpcUrls: ['https://solana.example'] }
    expect(() => load({ ...solana, caipNetworkId: 'solana:mainnet' })).toThrow(
      'caipNetworkId must be solana: and the first 32 characters of the genesis hash',
    )
    expect(() =>
      load({
        ...solana,
        caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        tokens: [{ mint: '0xabc', symbol: 'X', name: 'X', decimals: 6 }],
      }),
    ).toThrow('Expected a Solana address (32 to 44 base58 characters)')
    expect(() => load({ ...solana, family: 'cosmos' })).toThrow(ConfigError)
  })
  it('reads Bitcoin entries with their Esplora URLs, knowing the public networks by their ids', () => {
    const load = (entry: object) =>
      loadConfig({ DATA_DIR: emptyDataDir(), LATCH_CHAINS: JSON.stringify([entry]) })
    const bitcoin = {
      family: 'bip122',
      name: 'Bitcoin',
      esploraUrls: ['https://mempool.space/api'],
    }
    const mainnet = load({ ...bitcoin, caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' })
    expect(mainnet.bitcoinChains).toEqual([
      {
        ...bitcoin,
        caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
        network: 'mainnet',
        nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      },
    ])
    expect(mainnet.chains).toEqual([])
    const testnet = load({ ...bitcoin, caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba' })
    expect(testnet.bitcoinChains[0]?.network).toBe('testnet')
    // A chain of its own must say which addresses it takes.
    const custom = { ...bitcoin, caipNetworkId: `bip122:${'ab'.repeat(16)}` }
    expect(() => load(custom)).toThrow(
      'network (mainnet, testnet or regtest) is required for bip122:abababababababababababababababab',
    )
    expect(load({ ...custom, network: 'regtest' }).bitcoinChains[0]?.network).toBe('regtest')
    expect(() => load({ ...bitcoin, caipNetworkId: 'bip122:mainnet' })).toThrow(
      'caipNetworkId must be bip122: and the first 32 hex characters of the genesis block hash',
    )
    expect(() => load({ ...custom, network: 'regtest', esploraUrls: [] })).toThrow(ConfigError)
  })

  it('reads chains from the devnet manifest in the data dir', () => {
    const dataDir = emptyDataDir()
    const chain = {
      chainId: 31337,
      name: 'Latch Devnet',
      rpcUrl: 'http://127.0.0.1:8545',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      contracts: devnetContracts(),
      bundlerUrl: 'http://127.0.0.1:4337',
      tokens: [
        {
          symbol: 'USDC',
          name: 'USD Coin',
          decimals: 6,
          address: `0x${'2'.repeat(40)}`,
          spam: false,
        },
        {
          symbol: 'SPAM',
          name: 'Free Tokens',
          decimals: 18,
          address: `0x${'3'.repeat(40)}`,
          spam: true,
        },
      ],
      pairs: [],
    }
    writeFileSync(
      path.join(dataDir, 'devnet.json'),
      JSON.stringify({
        version: 1,
        mnemonic: 'm',
        accounts: [],
        chains: [chain],
        walletConnect: { relayUrl: 'ws://127.0.0.1:8547', projectId: 'latch-dev' },
      }),
    )
    expect(loadConfig({ DATA_DIR: dataDir }).chains).toEqual([
      {
        chainId: 31337,
        name: 'Latch Devnet',
        rpcUrls: ['http://127.0.0.1:8545'],
        nativeCurrency: chain.nativeCurrency,
        multicall3: `0x${'1'.repeat(40)}`,
        tokens: chain.tokens,
        bundlerUrl: 'http://127.0.0.1:4337',
        accountFactory: `0x${'1'.repeat(40)}`,
        uniswapV2: {
          factory: `0x${'1'.repeat(40)}`,
          router: `0x${'1'.repeat(40)}`,
          weth: `0x${'1'.repeat(40)}`,
          usdToken: `0x${'2'.repeat(40)}`,
        },
      },
    ])
  })

  it("reads the devnet's Solana chain from the manifest, its USDC priced as a stablecoin", () => {
    const dataDir = emptyDataDir()
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const solana = {
      caipNetworkId: 'solana:G23yrB2TD5vusf6pZZuTMGPah1KPD4ph',
      genesisHash: 'G23yrB2TD5vusf6pZZuTMGPah1KPD4phAAAAAAAAAAAA',
      name: 'Latch Solana Devnet',
      rpcUrl: 'http://127.0.0.1:8550',
      wsUrl: 'ws://127.0.0.1:8550',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      tokens: [
        {
          symbol: 'USDC',
          name: 'USD Coin',
          decimals: 6,
          mint,
          programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        },
      ],
      accounts: [],
    }
    writeFileSync(
      path.join(dataDir, 'devnet.json'),
      JSON.stringify({
        version: 1,
        mnemonic: 'm',
        accounts: [],
        chains: [
          {
            chainId: 31337,
            name: 'Latch Devnet',
            rpcUrl: 'http://127.0.0.1:8545',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            contracts: devnetContracts(),
            tokens: [],
            pairs: [],
          },
        ],
        solana,
        walletConnect: { relayUrl: 'ws://127.0.0.1:8547', projectId: 'latch-dev' },
      }),
    )
    expect(loadConfig({ DATA_DIR: dataDir }).solanaChains).toEqual([
      {
        family: 'solana',
        caipNetworkId: solana.caipNetworkId,
        name: 'Latch Solana Devnet',
        rpcUrls: ['http://127.0.0.1:8550'],
        wsUrls: ['ws://127.0.0.1:8550'],
        nativeCurrency: solana.nativeCurrency,
        tokens: [
          { mint, symbol: 'USDC', name: 'USD Coin', decimals: 6, usdStablecoin: true, spam: false },
        ],
      },
    ])
  })

  it('names every bad variable in one error', () => {
    const load = () => loadConfig({ PORT: 'eighty', LATCH_CHAINS: '[{', DATABASE_URL: 'mysql://x' })
    expect(load).toThrow(ConfigError)
    expect(load).toThrow(
      /PORT: .*\nDATABASE_URL: DATABASE_URL must start with postgres:\/\/ or pglite:\nLATCH_CHAINS: LATCH_CHAINS must be JSON/,
    )
  })

  it('runs the history indexer by default, polling each second, 12 blocks deep', () => {
    expect(loadConfig({ DATA_DIR: emptyDataDir() }).indexer).toEqual({
      enabled: true,
      pollMs: 1000,
      confirmations: 12,
    })
    const config = loadConfig({
      DATA_DIR: emptyDataDir(),
      INDEXER_ENABLED: 'false',
      INDEXER_POLL_MS: '250',
      INDEXER_CONFIRMATIONS: '3',
    })
    expect(config.indexer).toEqual({ enabled: false, pollMs: 250, confirmations: 3 })
    expect(() => loadConfig({ INDEXER_ENABLED: 'no', INDEXER_CONFIRMATIONS: '0' })).toThrow(
      /INDEXER_ENABLED: INDEXER_ENABLED must be true or false\nINDEXER_CONFIRMATIONS: /,
    )
  })

  it('refuses a DEVNET_MANIFEST that does not exist', () => {
    expect(() =>
      loadConfig({ DATA_DIR: emptyDataDir(), DEVNET_MANIFEST: '/nowhere/devnet.json' }),
    ).toThrow('DEVNET_MANIFEST: no file at /nowhere/devnet.json')
  })
  describe('on-ramp providers', () => {
    const key = `0x${'ab'.repeat(32)}`
    const productionEnv = { NODE_ENV: 'production', WALLET_MASTER_KEY: 'cd'.repeat(32) }

    it('offers none by default, Coinbase and Meld when their keys are set', () => {
      const none = loadConfig({ DATA_DIR: emptyDataDir() }).onramp
      expect(none).toEqual({
        coinbase: undefined,
        meld: undefined,
        sandbox: undefined,
        providers: [],
        usdPerEur: 1.08,
        failpoint: undefined,
      })
      const both = loadConfig({
        DATA_DIR: emptyDataDir(),
        ONRAMP_MELD_PUBLIC_KEY: 'meld-key',
        ONRAMP_COINBASE_APP_ID: 'cb-app',
        ONRAMP_USD_PER_EUR: '1.1',
      }).onramp
      expect(both.providers).toEqual(['coinbase', 'meld'])
      expect(both.coinbase).toEqual({
        appId: 'cb-app',
        url: 'https://pay.coinbase.com/buy/select-asset',
      })
      expect(both.meld).toEqual({ publicKey: 'meld-key', url: 'https://meldcrypto.com' })
      expect(both.usdPerEur).toBe(1.1)
    })

    it('runs the sandbox outside production with a treasury key, unless ONRAMP_SANDBOX=false', () => {
      const on = loadConfig({
        DATA_DIR: emptyDataDir(),
        ONRAMP_SANDBOX_TREASURY_KEY: key.slice(2).toUpperCase(),
        ONRAMP_COINBASE_APP_ID: 'cb-app',
      }).onramp
      expect(on.sandbox).toEqual({ treasuryKey: key, payAttemptsPerMinute: 20 })
      expect(on.providers).toEqual(['coinbase', 'sandbox'])
      const off = loadConfig({
        DATA_DIR: emptyDataDir(),
        ONRAMP_SANDBOX_TREASURY_KEY: key,
        ONRAMP_SANDBOX: 'false',
      }).onramp
      expect(off.sandbox).toBeUndefined()
      expect(off.providers).toEqual([])
      expect(() => loadConfig({ DATA_DIR: emptyDataDir(), ONRAMP_SANDBOX: 'true' })).toThrow(
        'ONRAMP_SANDBOX: needs ONRAMP_SANDBOX_TREASURY_KEY or a devnet manifest with an on-ramp treasury',
      )
      expect(() =>
        loadConfig({ DATA_DIR: emptyDataDir(), ONRAMP_SANDBOX_TREASURY_KEY: '0x1234' }),
      ).toThrow(
        'ONRAMP_SANDBOX_TREASURY_KEY: ONRAMP_SANDBOX_TREASURY_KEY must be 64 hex characters',
      )
    })

    it('never runs the sandbox or a failpoint in production', () => {
      const production = loadConfig({ DATA_DIR: emptyDataDir(), ...productionEnv }).onramp
      expect(production.sandbox).toBeUndefined()
      expect(() =>
        loadConfig({
          DATA_DIR: emptyDataDir(),
          ...productionEnv,
          ONRAMP_SANDBOX_TREASURY_KEY: key,
          LATCH_FAILPOINT: 'onramp-after-payment',
        }),
      ).toThrow(
        /ONRAMP_SANDBOX_TREASURY_KEY: not allowed in production\nLATCH_FAILPOINT: not allowed in production/,
      )
      expect(() =>
        loadConfig({ DATA_DIR: emptyDataDir(), ...productionEnv, ONRAMP_SANDBOX: 'true' }),
      ).toThrow('ONRAMP_SANDBOX: not allowed in production')
      expect(() => loadConfig({ DATA_DIR: emptyDataDir(), LATCH_FAILPOINT: 'somewhere' })).toThrow(
        /LATCH_FAILPOINT: /,
      )
      expect(
        loadConfig({ DATA_DIR: emptyDataDir(), LATCH_FAILPOINT: 'onramp-after-broadcast' }).onramp
          .failpoint,
      ).toBe('onramp-after-broadcast')
    })
  })

  describe('sponsored gas', () => {
    const signerKey = `0x${'ef'.repeat(32)}`
    const paymaster = `0x${'5'.repeat(40)}`
    /** A data dir whose devnet manifest names a paymaster and its signer's key. */
    const devnetDataDir = () => {
      const dataDir = emptyDataDir()
      writeFileSync(
        path.join(dataDir, 'devnet.json'),
        JSON.stringify({
          version: 1,
          mnemonic: 'm',
          accounts: [],
          chains: [
            {
              chainId: 31337,
              name: 'Latch Devnet',
              rpcUrl: 'http://127.0.0.1:8545',
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
              contracts: { ...devnetContracts(), latchPaymaster: paymaster },
              tokens: [],
              pairs: [],
            },
          ],
          walletConnect: { relayUrl: 'ws://127.0.0.1:8547', projectId: 'latch-dev' },
          paymaster: { signer: { address: `0x${'6'.repeat(40)}`, privateKey: signerKey } },
        }),
      )
      return dataDir
    }

    it("signs with PAYMASTER_SIGNER_KEY, or in development the devnet's key, never in production", () => {
      expect(loadConfig({ DATA_DIR: emptyDataDir() }).paymaster).toBeUndefined()
      expect(
        loadConfig({ DATA_DIR: emptyDataDir(), PAYMASTER_SIGNER_KEY: 'AB'.repeat(32) }).paymaster,
      ).toEqual({ signerKey: `0x${'ab'.repeat(32)}` })
      const dev = loadConfig({ DATA_DIR: devnetDataDir() })
      expect(dev.paymaster).toEqual({ signerKey })
      expect(dev.chains[0]?.paymaster).toBe(paymaster)
      const production = loadConfig({
        DATA_DIR: devnetDataDir(),
        NODE_ENV: 'production',
        WALLET_MASTER_KEY: 'cd'.repeat(32),
      })
      expect(production.paymaster).toBeUndefined()
      expect(() =>
        loadConfig({ DATA_DIR: emptyDataDir(), PAYMASTER_SIGNER_KEY: '0x1234' }),
      ).toThrow('PAYMASTER_SIGNER_KEY: PAYMASTER_SIGNER_KEY must be 64 hex characters')
    })

    it("reads an EVM chain's paymaster from LATCH_CHAINS", () => {
      const [chain] = loadConfig({
        DATA_DIR: emptyDataDir(),
        LATCH_CHAINS: JSON.stringify([
          { chainId: 8453, name: 'Base', rpcUrls: ['https://base.example'], paymaster },
        ]),
      }).chains
      expect(chain?.paymaster).toBe(paymaster)
    })

    it("reads the dev project's policy from SPONSORSHIP_*, and none when they are unset", () => {
      expect(loadConfig({ DATA_DIR: emptyDataDir() }).devSponsorship).toBeUndefined()
      const shop = `0x${'A'.repeat(40)}`
      expect(
        loadConfig({
          DATA_DIR: emptyDataDir(),
          SPONSORSHIP_ENABLED: 'true',
          SPONSORSHIP_BUDGET_WEI: '1000000000000000000',
          SPONSORSHIP_PERIOD: 'week',
          SPONSORSHIP_TARGETS: `${shop}, ${paymaster}`,
          SPONSORSHIP_VISITOR_DAILY_WEI: '5000000000000000',
        }).devSponsorship,
      ).toEqual({
        enabled: true,
        budgetWei: 10n ** 18n,
        period: 'week',
        allowedTargets: [shop.toLowerCase(), paymaster],
        visitorDailyCapWei: 5n * 10n ** 15n,
        clientSharePercent: 10,
      })
      // A budget alone turns it on, monthly, for any contract, without a cap.
      expect(
        loadConfig({ DATA_DIR: emptyDataDir(), SPONSORSHIP_BUDGET_WEI: '7' }).devSponsorship,
      ).toEqual({
        enabled: true,
        budgetWei: 7n,
        period: 'month',
        allowedTargets: [],
        visitorDailyCapWei: null,
        clientSharePercent: 10,
      })
      expect(
        loadConfig({ DATA_DIR: emptyDataDir(), SPONSORSHIP_ENABLED: 'false' }).devSponsorship,
      ).toMatchObject({ enabled: false })
      expect(() => loadConfig({ DATA_DIR: emptyDataDir(), SPONSORSHIP_ENABLED: 'true' })).toThrow(
        'SPONSORSHIP_BUDGET_WEI: required to sponsor gas',
      )
      expect(() =>
        loadConfig({
          DATA_DIR: emptyDataDir(),
          SPONSORSHIP_BUDGET_WEI: '1e18',
          SPONSORSHIP_PERIOD: 'year',
          SPONSORSHIP_TARGETS: '0x1234',
        }),
      ).toThrow(
        /SPONSORSHIP_BUDGET_WEI: SPONSORSHIP_BUDGET_WEI must be a whole number of wei\nSPONSORSHIP_PERIOD: SPONSORSHIP_PERIOD must be day, week or month\nSPONSORSHIP_TARGETS.0: /,
      )
    })
  })
})
