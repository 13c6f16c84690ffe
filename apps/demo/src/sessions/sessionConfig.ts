/** Set at build time by vite.config.ts from the devnet manifest: read by the panel's code only. */
declare const __LATCH_DEMO_SESSIONS__: DemoSessionChain[]

/** A chain the Smart session panel works on: its USDC token and LatchSessionValidator. */
export type DemoSessionChain = {
  chainId: number
  usdc: `0x${string}`
  validator: `0x${string}`
}

export const demoSessionChains: DemoSessionChain[] = __LATCH_DEMO_SESSIONS__
