import { pbkdf2Sync } from 'node:crypto'
import type { DevnetChain, DevnetToken } from '@latch/protocol'
import {
  type Abi,
  type Address,
  concat,
  encodeDeployData,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  getCreate2Address,
  type Hex,
  keccak256,
  maxUint256,
  pad,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import { HDKey, privateKeyToAddress } from 'viem/accounts'
import { npmArtifacts } from './artifacts.ts'
import type { CompiledContracts } from './compile.ts'
import {
  ACCOUNT_FACTORY_SALT,
  BATCH_EXECUTOR_SALT,
  BUNDLER_EXECUTOR_ADDRESS,
  BUNDLER_EXECUTOR_PRIVATE_KEY,
  BUNDLER_UTILITY_ADDRESS,
  BUNDLER_UTILITY_PRIVATE_KEY,
  CREATE2_DEPLOYER,
  DEPLOYER_ADDRESS,
  DEPLOYER_PRIVATE_KEY,
  DEVNET_MNEMONIC,
  ENTRY_POINT_ADDRESS,
  ENTRY_POINT_SALT,
  MULTICALL3_ADDRESS,
  PAYMASTER_SALT,
  PAYMASTER_SIGNER_ADDRESS,
  PAYMASTER_SIGNER_PRIVATE_KEY,
  SESSION_VALIDATOR_SALT,
  TREASURY_ADDRESS,
  TREASURY_PRIVATE_KEY,
} from './constants.ts'
import { ART, COLLECTIBLES, ITEMS } from './nfts/collections.ts'
import type { Deployment, PlannedCheck, PlannedTx } from './types.ts'

type TokenSpec = {
  symbol: string
  name: string
  decimals: number
  spam: boolean
  /** Whole tokens given to each of the ten accounts. */
  perAccount: string
}

/** The ERC-20s we compile and deploy ourselves (WETH9 comes from Uniswap's build). */
const TEST_TOKENS: readonly TokenSpec[] = [
  { symbol: 'USDC', name: 'USD Coin', decimals: 6, spam: false, perAccount: '100000' },
  { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, spam: false, perAccount: '100000' },
  { symbol: 'WBTC', name: 'Wrapped BTC', decimals: 8, spam: false, perAccount: '10' },
  {
    symbol: 'SPAM',
    name: 'Visit claim-rewards.example to claim',
    decimals: 18,
    spam: true,
    perAccount: '1000',
  },
]

/** WETH given to each account (wrapped from the deployer's ether). */
const WETH_PER_ACCOUNT = '10'

/**
 * Uniswap V2 pools, in whole units of each side. ETH = 3000 USD, WBTC = 20 ETH, DAI = USDC = 1
 * USD; 1000 ETH deep, so a 1 ETH swap moves the price about 0.1%.
 */
const POOLS: readonly { tokens: [string, string]; amounts: [string, string] }[] = [
  { tokens: ['WETH', 'USDC'], amounts: ['1000', '3000000'] },
  { tokens: ['WETH', 'DAI'], amounts: ['1000', '3000000'] },
  { tokens: ['WETH', 'WBTC'], amounts: ['1000', '50'] },
  { tokens: ['USDC', 'DAI'], amounts: ['3000000', '3000000'] },
]

/** What the on-ramp treasury starts with, in whole units (sent last: no address moves). */
const TREASURY_ETHER = '10000'
const TREASURY_USDC = '10000000'

/** Ether each bundler account starts with: the executor pays every bundle's gas up front. */
const BUNDLER_EXECUTOR_ETHER = '10000'
const BUNDLER_UTILITY_ETHER = '1000'

/**
 * LatchPaymaster's deposit in the EntryPoint (what sponsored operations are paid from) and its
 * stake, locked for a day as production bundlers ask of a paymaster that reads its own storage.
 */
const PAYMASTER_DEPOSIT_ETHER = '1000'
const PAYMASTER_STAKE_ETHER = '1'
const PAYMASTER_UNSTAKE_DELAY_SECONDS = 86_400

/** Ether the deployer gets (anvil_setBalance) to wrap and to seed the pools. */
const DEPLOYER_BALANCE = parseEther('1000000')

/**
 * The first `count` accounts of `mnemonic` on the standard path m/44'/60'/0'/0/i, as anvil derives
 * them. The BIP-39 seed is computed once, with node's native PBKDF2.
 */
export function deriveAccounts(mnemonic = DEVNET_MNEMONIC, count = 10): Deployment['accounts'] {
  const seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
  const root = HDKey.fromMasterSeed(seed)
  return Array.from({ length: count }, (_, index) => {
    const key = root.derive(`m/44'/60'/0'/0/${index}`).privateKey
    if (!key) throw new Error('HD derivation gave no private key')
    const privateKey = toHex(key)
    return { address: privateKeyToAddress(privateKey), privateKey }
  })
}

/**
 * Builds the whole deployment as a list of transactions from the deployer, nonce 0 upward, so
 * every address is known before anything is sent and is the same on every chain and start.
 */
export function planDeployment(compiled: CompiledContracts): Deployment {
  if (
    keccak256(toHex('latch devnet deployer')) !== DEPLOYER_PRIVATE_KEY ||
    privateKeyToAddress(DEPLOYER_PRIVATE_KEY) !== DEPLOYER_ADDRESS
  ) {
    throw new Error('DEPLOYER_PRIVATE_KEY and DEPLOYER_ADDRESS do not match')
  }
  if (
    keccak256(toHex('latch devnet onramp treasury')) !== TREASURY_PRIVATE_KEY ||
    privateKeyToAddress(TREASURY_PRIVATE_KEY) !== TREASURY_ADDRESS
  ) {
    throw new Error('TREASURY_PRIVATE_KEY and TREASURY_ADDRESS do not match')
  }
  for (const [text, key, address] of [
    ['latch devnet bundler executor', BUNDLER_EXECUTOR_PRIVATE_KEY, BUNDLER_EXECUTOR_ADDRESS],
    ['latch devnet bundler utility', BUNDLER_UTILITY_PRIVATE_KEY, BUNDLER_UTILITY_ADDRESS],
    ['latch devnet paymaster signer', PAYMASTER_SIGNER_PRIVATE_KEY, PAYMASTER_SIGNER_ADDRESS],
  ] as const) {
    if (keccak256(toHex(text)) !== key || privateKeyToAddress(key) !== address) {
      throw new Error(`the key of '${text}' and its address do not match`)
    }
  }
  const accounts = deriveAccounts(DEVNET_MNEMONIC, 10)
  const recipients = accounts.map((account) => account.address)
  const artifacts = npmArtifacts()
  const txs: PlannedTx[] = []
  const checks: PlannedCheck[] = []
  const deploy = (label: string, abi: Abi, bytecode: Hex, args: unknown[] = []): Address => {
    const address = getContractAddress({ from: DEPLOYER_ADDRESS, nonce: BigInt(txs.length) })
    txs.push({ label, to: null, data: encodeDeployData({ abi, bytecode, args }), value: '0x0' })
    return address
  }
  const call = (
    label: string,
    to: Address,
    abi: Abi,
    functionName: string,
    args: unknown[],
    value = 0n,
  ) => {
    txs.push({
      label,
      to,
      data: encodeFunctionData({ abi, functionName, args }),
      value: toHex(value),
    })
  }

  const weth = artifacts.weth9
  const weth9 = deploy('WETH9', weth.abi, weth.bytecode)
  const tokenAddresses = new Map<string, Address>([['WETH', weth9]])
  const token = compiled.DevnetToken
  for (const spec of TEST_TOKENS) {
    tokenAddresses.set(
      spec.symbol,
      deploy(spec.symbol, token.abi, token.bytecode, [spec.name, spec.symbol, spec.decimals]),
    )
  }
  const addressOf = (symbol: string): Address => {
    const address = tokenAddresses.get(symbol)
    if (!address) throw new Error(`unknown token ${symbol}`)
    return address
  }
  const units = (symbol: string, amount: string): bigint => {
    if (symbol === 'WETH') return parseEther(amount)
    const spec = TEST_TOKENS.find((candidate) => candidate.symbol === symbol)
    if (!spec) throw new Error(`unknown token ${symbol}`)
    return parseUnits(amount, spec.decimals)
  }

  const factoryArtifact = artifacts.uniswapV2Factory
  const routerArtifact = artifacts.uniswapV2Router02
  const uniswapV2Factory = deploy(
    'UniswapV2Factory',
    factoryArtifact.abi,
    factoryArtifact.bytecode,
    [DEPLOYER_ADDRESS],
  )
  const uniswapV2Router02 = deploy(
    'UniswapV2Router02',
    routerArtifact.abi,
    routerArtifact.bytecode,
    [uniswapV2Factory, weth9],
  )
  // Router02 computes pair addresses from a hardcoded init code hash: it must be the hash of the
  // pair bytecode this factory deploys, or every router call would target empty addresses.
  const pairInitCodeHash = keccak256(artifacts.uniswapV2Pair.bytecode)
  if (!routerArtifact.bytecode.toLowerCase().includes(pairInitCodeHash.slice(2))) {
    throw new Error(`UniswapV2Router02 does not embed the pair init code hash ${pairInitCodeHash}`)
  }

  const entryPointBytecode = artifacts.entryPoint.bytecode
  const entryPoint = getCreate2Address({
    from: CREATE2_DEPLOYER,
    salt: ENTRY_POINT_SALT,
    bytecode: entryPointBytecode,
  })
  if (entryPoint !== ENTRY_POINT_ADDRESS) {
    throw new Error(`EntryPoint would land on ${entryPoint}, not ${ENTRY_POINT_ADDRESS}`)
  }
  // The CREATE2 deployer takes salt ++ init code as calldata.
  txs.push({
    label: 'EntryPoint (CREATE2)',
    to: CREATE2_DEPLOYER,
    data: concat([ENTRY_POINT_SALT, entryPointBytecode]),
    value: '0x0',
  })
  const simpleAccountFactory = deploy(
    'SimpleAccountFactory',
    artifacts.simpleAccountFactory.abi,
    artifacts.simpleAccountFactory.bytecode,
    [entryPoint],
  )

  // Fund the ten accounts with every token.
  for (const spec of TEST_TOKENS) {
    call(`mint ${spec.symbol} to the accounts`, addressOf(spec.symbol), token.abi, 'mintEach', [
      recipients,
      units(spec.symbol, spec.perAccount),
    ])
  }
  const wethEach = units('WETH', WETH_PER_ACCOUNT)
  call('wrap ETH', weth9, weth.abi, 'deposit', [], wethEach * BigInt(recipients.length))
  for (const account of recipients) {
    call(`send WETH to ${account}`, weth9, weth.abi, 'transfer', [account, wethEach])
  }

  // Liquidity: mint the deployer what the pools need, approve the router, add liquidity.
  const needed = new Map<string, bigint>()
  for (const pool of POOLS) {
    pool.tokens.forEach((symbol, side) => {
      if (symbol === 'WETH') return
      needed.set(symbol, (needed.get(symbol) ?? 0n) + units(symbol, pool.amounts[side] ?? '0'))
    })
  }
  for (const [symbol, amount] of needed) {
    const address = addressOf(symbol)
    call(`mint ${symbol} for liquidity`, address, token.abi, 'mint', [DEPLOYER_ADDRESS, amount])
    call(`approve ${symbol}`, address, token.abi, 'approve', [uniswapV2Router02, maxUint256])
  }
  const routerAbi = routerArtifact.abi
  const pairs: DevnetChain['pairs'] = []
  for (const pool of POOLS) {
    const [symbolA, symbolB] = pool.tokens
    const [amountA, amountB] = pool.amounts
    const [tokenA, tokenB] = [addressOf(symbolA), addressOf(symbolB)]
    const label = `add ${symbolA}/${symbolB} liquidity`
    if (symbolA === 'WETH') {
      const args = [tokenB, units(symbolB, amountB), 0n, 0n, DEPLOYER_ADDRESS, maxUint256]
      call(label, uniswapV2Router02, routerAbi, 'addLiquidityETH', args, units('WETH', amountA))
    } else {
      call(label, uniswapV2Router02, routerAbi, 'addLiquidity', [
        tokenA,
        tokenB,
        units(symbolA, amountA),
        units(symbolB, amountB),
        0n,
        0n,
        DEPLOYER_ADDRESS,
        maxUint256,
      ])
    }
    const [token0, token1] =
      tokenA.toLowerCase() < tokenB.toLowerCase() ? [tokenA, tokenB] : [tokenB, tokenA]
    const pair = getCreate2Address({
      from: uniswapV2Factory,
      salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
      bytecodeHash: pairInitCodeHash,
    })
    pairs.push({ tokens: [symbolA, symbolB], address: pair })
    // The factory must have created the pair where the router will look for it.
    checks.push({
      label: `${symbolA}/${symbolB} pair address`,
      to: uniswapV2Factory,
      data: encodeFunctionData({
        abi: factoryArtifact.abi,
        functionName: 'getPair',
        args: [tokenA, tokenB],
      }),
      expect: pad(pair).toLowerCase() as Hex,
    })
  }

  // The sandbox on-ramp's treasury: ether for gas and for native purchases, and USDC.
  txs.push({
    label: 'fund the on-ramp treasury with ether',
    to: TREASURY_ADDRESS,
    data: '0x',
    value: toHex(parseEther(TREASURY_ETHER)),
  })
  call('mint USDC to the on-ramp treasury', addressOf('USDC'), token.abi, 'mint', [
    TREASURY_ADDRESS,
    units('USDC', TREASURY_USDC),
  ])

  // The smart-account factory, through the CREATE2 deployer: its address depends on its bytecode
  // and salt only, so any chain that deploys the same build gets the same address. Its
  // constructor creates the account implementation (the factory's first CREATE, nonce 1).
  const accountFactoryArtifact = compiled.LatchAccountFactory
  const latchAccountFactory = getCreate2Address({
    from: CREATE2_DEPLOYER,
    salt: ACCOUNT_FACTORY_SALT,
    bytecode: accountFactoryArtifact.bytecode,
  })
  const latchAccountImplementation = getContractAddress({ from: latchAccountFactory, nonce: 1n })
  txs.push({
    label: 'LatchAccountFactory (CREATE2)',
    to: CREATE2_DEPLOYER,
    data: concat([ACCOUNT_FACTORY_SALT, accountFactoryArtifact.bytecode]),
    value: '0x0',
  })
  checks.push({
    label: 'LatchAccount implementation address',
    to: latchAccountFactory,
    data: encodeFunctionData({
      abi: accountFactoryArtifact.abi,
      functionName: 'accountImplementation',
    }),
    expect: pad(latchAccountImplementation).toLowerCase() as Hex,
  })

  // The batch executor an account delegates to with EIP-7702 (the test wallet's EIP-5792 batches).
  const batchExecutor = getCreate2Address({
    from: CREATE2_DEPLOYER,
    salt: BATCH_EXECUTOR_SALT,
    bytecode: compiled.BatchExecutor.bytecode,
  })
  txs.push({
    label: 'BatchExecutor (CREATE2)',
    to: CREATE2_DEPLOYER,
    data: concat([BATCH_EXECUTOR_SALT, compiled.BatchExecutor.bytecode]),
    value: '0x0',
  })

  // The bundler's simulation contracts, where alto itself would deploy them at start (CREATE2,
  // salted with its utility account's address): found there, alto skips four deployments and
  // answers sooner. Should a later alto salt them otherwise, it deploys its own as before.
  for (const bytecode of artifacts.bundlerSimulations) {
    txs.push({
      label: 'bundler simulation contract (CREATE2)',
      to: CREATE2_DEPLOYER,
      data: concat([keccak256(BUNDLER_UTILITY_ADDRESS), bytecode]),
      value: '0x0',
    })
  }

  // The bundler's accounts: gas for bundles.
  txs.push({
    label: 'fund the bundler executor',
    to: BUNDLER_EXECUTOR_ADDRESS,
    data: '0x',
    value: toHex(parseEther(BUNDLER_EXECUTOR_ETHER)),
  })
  txs.push({
    label: 'fund the bundler utility account',
    to: BUNDLER_UTILITY_ADDRESS,
    data: '0x',
    value: toHex(parseEther(BUNDLER_UTILITY_ETHER)),
  })

  // The server's verifying paymaster, through the CREATE2 deployer (its signer and owner are in
  // its init code), then its deposit and stake in the EntryPoint, paid by its owner, the deployer.
  const paymasterArtifact = compiled.LatchPaymaster
  const paymasterInitCode = encodeDeployData({
    abi: paymasterArtifact.abi,
    bytecode: paymasterArtifact.bytecode,
    args: [PAYMASTER_SIGNER_ADDRESS, DEPLOYER_ADDRESS],
  })
  const latchPaymaster = getCreate2Address({
    from: CREATE2_DEPLOYER,
    salt: PAYMASTER_SALT,
    bytecode: paymasterInitCode,
  })
  txs.push({
    label: 'LatchPaymaster (CREATE2)',
    to: CREATE2_DEPLOYER,
    data: concat([PAYMASTER_SALT, paymasterInitCode]),
    value: '0x0',
  })
  const paymasterDeposit = parseEther(PAYMASTER_DEPOSIT_ETHER)
  call('fund the paymaster', latchPaymaster, paymasterArtifact.abi, 'deposit', [], paymasterDeposit)
  call(
    'stake the paymaster',
    latchPaymaster,
    paymasterArtifact.abi,
    'addStake',
    [PAYMASTER_UNSTAKE_DELAY_SECONDS],
    parseEther(PAYMASTER_STAKE_ETHER),
  )
  checks.push({
    label: 'LatchPaymaster signer',
    to: latchPaymaster,
    data: encodeFunctionData({ abi: paymasterArtifact.abi, functionName: 'signer' }),
    expect: pad(PAYMASTER_SIGNER_ADDRESS).toLowerCase() as Hex,
  })
  checks.push({
    label: "LatchPaymaster's deposit in the EntryPoint",
    to: entryPoint,
    data: encodeFunctionData({
      abi: artifacts.entryPoint.abi,
      functionName: 'balanceOf',
      args: [latchPaymaster],
    }),
    expect: pad(toHex(paymasterDeposit)).toLowerCase() as Hex,
  })

  // The session-key validator smart accounts install to grant a site limited permissions.
  const sessionValidatorArtifact = compiled.LatchSessionValidator
  const latchSessionValidator = getCreate2Address({
    from: CREATE2_DEPLOYER,
    salt: SESSION_VALIDATOR_SALT,
    bytecode: sessionValidatorArtifact.bytecode,
  })
  txs.push({
    label: 'LatchSessionValidator (CREATE2)',
    to: CREATE2_DEPLOYER,
    data: concat([SESSION_VALIDATOR_SALT, sessionValidatorArtifact.bytecode]),
    value: '0x0',
  })
  checks.push({
    label: 'LatchSessionValidator is a validator module',
    to: latchSessionValidator,
    data: encodeFunctionData({
      abi: sessionValidatorArtifact.abi,
      functionName: 'isModuleType',
      args: [1n],
    }),
    expect: pad('0x01').toLowerCase() as Hex,
  })

  // NFTs last, through the CREATE2 deployer (their owner, the deployer, in their init code), so
  // no address above moves; then every account is given some of each.
  const nfts: NonNullable<DevnetChain['nfts']> = []
  for (const spec of COLLECTIBLES) {
    const initCode = encodeDeployData({
      abi: compiled.DevnetCollectible.abi,
      bytecode: compiled.DevnetCollectible.bytecode,
      args: [spec.name, spec.symbol, DEPLOYER_ADDRESS],
    })
    const address = getCreate2Address({
      from: CREATE2_DEPLOYER,
      salt: spec.salt,
      bytecode: initCode,
    })
    txs.push({
      label: `${spec.name} (CREATE2)`,
      to: CREATE2_DEPLOYER,
      data: concat([spec.salt, initCode]),
      value: '0x0',
    })
    call(
      `mint ${spec.symbol} to the accounts`,
      address,
      compiled.DevnetCollectible.abi,
      'mintEach',
      [recipients, BigInt(spec.perAccount)],
    )
    nfts.push({ key: spec.key, address, standard: 'erc721', name: spec.name, spam: spec.spam })
  }
  const itemsInit = encodeDeployData({
    abi: compiled.DevnetMultiToken.abi,
    bytecode: compiled.DevnetMultiToken.bytecode,
    args: [ITEMS.name, DEPLOYER_ADDRESS],
  })
  const items = getCreate2Address({ from: CREATE2_DEPLOYER, salt: ITEMS.salt, bytecode: itemsInit })
  txs.push({
    label: `${ITEMS.name} (CREATE2)`,
    to: CREATE2_DEPLOYER,
    data: concat([ITEMS.salt, itemsInit]),
    value: '0x0',
  })
  for (const item of ITEMS.items) {
    call(`mint ${item.name} to the accounts`, items, compiled.DevnetMultiToken.abi, 'mintEach', [
      recipients,
      BigInt(item.id),
      BigInt(item.perAccount),
    ])
  }
  nfts.push({ key: ITEMS.key, address: items, standard: 'erc1155', name: ITEMS.name, spam: false })
  const [firstArt] = nfts
  if (firstArt) {
    checks.push({
      label: `${ART.name} #1 belongs to the first account`,
      to: firstArt.address,
      data: encodeFunctionData({
        abi: compiled.DevnetCollectible.abi,
        functionName: 'ownerOf',
        args: [1n],
      }),
      expect: pad(recipients[0] as Address).toLowerCase() as Hex,
    })
  }

  const tokens: DevnetToken[] = [
    { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, address: weth9, spam: false },
    ...TEST_TOKENS.map((spec) => ({
      symbol: spec.symbol,
      name: spec.name,
      decimals: spec.decimals,
      address: addressOf(spec.symbol),
      spam: spec.spam,
    })),
  ]
  return {
    accounts,
    multicall3Code: compiled.Multicall3.deployedBytecode,
    deployerBalance: toHex(DEPLOYER_BALANCE),
    treasury: { address: TREASURY_ADDRESS, privateKey: TREASURY_PRIVATE_KEY },
    paymasterSigner: {
      address: PAYMASTER_SIGNER_ADDRESS,
      privateKey: PAYMASTER_SIGNER_PRIVATE_KEY,
    },
    txs,
    checks,
    contracts: {
      multicall3: MULTICALL3_ADDRESS,
      weth9,
      uniswapV2Factory,
      uniswapV2Router02,
      entryPoint,
      simpleAccountFactory,
      latchAccountFactory,
      latchAccountImplementation,
      latchPaymaster,
      batchExecutor,
      latchSessionValidator,
    },
    tokens,
    pairs,
    nfts,
  }
}
