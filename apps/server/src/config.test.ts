import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

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

  it('reads chains from the devnet manifest in the data dir', () => {
    const dataDir = emptyDataDir()
    const chain = {
      chainId: 31337,
      name: 'Latch Devnet',
      rpcUrl: 'http://127.0.0.1:8545',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      contracts: Object.fromEntries(
        [
          'multicall3',
          'weth9',
          'uniswapV2Factory',
          'uniswapV2Router02',
          'entryPoint',
          'simpleAccountFactory',
        ].map((name) => [name, `0x${'1'.repeat(40)}`]),
      ),
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
        uniswapV2: {
          factory: `0x${'1'.repeat(40)}`,
          router: `0x${'1'.repeat(40)}`,
          weth: `0x${'1'.repeat(40)}`,
          usdToken: `0x${'2'.repeat(40)}`,
        },
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
})
