/** Fixed values of the Latch devnet. No imports: the warm start path stays light. */

/** How many free ports a chain's node is tried on, when the caller let the devnet choose. */
export const ANVIL_PORT_ATTEMPTS = 3

/** Anvil's default mnemonic; the manifest lists its first ten accounts. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

/**
 * The account that deploys every devnet contract and owns the test tokens (it may mint more). It
 * is none of the ten user accounts, so their nonces stay at 0. The key is keccak256 of the text
 * 'latch devnet deployer' (checked when the plan is built): public, for devnets only.
 */
export const DEPLOYER_PRIVATE_KEY =
  '0xc45368417c85ca9f246fb005d81a98f1cd6c15f3c18490271c3b6911ea94edd7' as const
export const DEPLOYER_ADDRESS = '0x100102069BC37D1211457e078F291B111DcB3532' as const

/**
 * The treasury the server's sandbox on-ramp pays bought tokens from: funded with ether
 * and USDC at start. Its key is keccak256 of 'latch devnet onramp treasury': public, devnets only.
 */
export const TREASURY_PRIVATE_KEY =
  '0xe5e9bd41628212b67db4681df51233bde402445d016a7e0fa4ea9714ca88a81f' as const
export const TREASURY_ADDRESS = '0x342356e9F8fDFfAE61a0d38b6E64CF2bedE8b623' as const

/**
 * The bundler's accounts: the executor signs and pays for the bundles it submits, the utility
 * account deploys the bundler's simulation contracts and refills the executor. Neither is one of
 * the ten user accounts, so a test or the demo never races the bundler for a nonce. Keys are
 * keccak256 of 'latch devnet bundler executor' and 'latch devnet bundler utility' (checked when
 * the plan is built): public, for devnets only.
 */
export const BUNDLER_EXECUTOR_PRIVATE_KEY =
  '0xcbe8fb652c7fe28b432d4cbc1d61bbaf634269d802d2cb7daf3b5b33fc09a177' as const
export const BUNDLER_EXECUTOR_ADDRESS = '0xD71191A24136343fBc4F44F9C0fcc6b3033D823a' as const
export const BUNDLER_UTILITY_PRIVATE_KEY =
  '0x55272e79ad67cf14bae2c2e9c85000d729a647df436caae20c3b96d2b5399895' as const
export const BUNDLER_UTILITY_ADDRESS = '0x1CeE80D41Dd561f97818aAd9BfAfBbf4Dde1ae66' as const

/**
 * The key the server signs sponsored user operations with on the devnet (LatchPaymaster's signer).
 * It is keccak256 of 'latch devnet paymaster signer' (checked when the plan is built): public, for
 * devnets only; a production server has its own (PAYMASTER_SIGNER_KEY).
 */
export const PAYMASTER_SIGNER_PRIVATE_KEY =
  '0x9bb81cae3560d695bcee0c8a49cd460ec4a3b08c8bd2c59a0807f4e769219454' as const
export const PAYMASTER_SIGNER_ADDRESS = '0xcB5ED268184bFe03e15b6533B347cB83cfEeF41d' as const

/** Canonical Multicall3 address (the same on nearly every EVM chain). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const
/** The deterministic CREATE2 deployer anvil preinstalls. */
export const CREATE2_DEPLOYER = '0x4e59b44847b379578588920cA78FbF26c0B4956C' as const
/** The salt the ERC-4337 team used for EntryPoint v0.8. */
export const ENTRY_POINT_SALT =
  '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9' as const
/** Canonical ERC-4337 EntryPoint v0.8. */
export const ENTRY_POINT_ADDRESS = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' as const

/**
 * The CREATE2 salt of LatchAccountFactory: with the deterministic deployer, the factory lands on
 * the same address on every chain it is deployed to with the same bytecode.
 */
export const ACCOUNT_FACTORY_SALT =
  '0x0000000000000000000000000000000000000000000000000000000000000000' as const

/**
 * The CREATE2 salt of LatchPaymaster: its address follows from its bytecode, its signer and its
 * owner, the same on every devnet chain.
 */
export const PAYMASTER_SALT =
  '0x0000000000000000000000000000000000000000000000000000000000000000' as const

/**
 * The CREATE2 salt of LatchSessionValidator: it has no constructor arguments, so its address
 * follows from its bytecode alone, the same on every chain.
 */
export const SESSION_VALIDATOR_SALT =
  '0x0000000000000000000000000000000000000000000000000000000000000000' as const

/** The bundlers' ports by default, in chain order (ERC-4337 gave its number to the first). */
export const DEFAULT_BUNDLER_PORTS = [4337, 4338] as [number, number]

export const CHAINS = [
  { chainId: 31337, name: 'Latch Devnet' },
  { chainId: 31338, name: 'Latch Devnet 2' },
] as const

export const NATIVE_CURRENCY = { name: 'Ether', symbol: 'ETH', decimals: 18 }
