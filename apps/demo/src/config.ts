import type { DevnetManifest } from '@latch/protocol'

/** Set at build time by vite.config.ts from the environment and the devnet manifest (validated there). */
declare const __LATCH_DEMO_CONFIG__: DemoConfig

export type DemoConfig = {
  serverUrl: string
  projectId: string
  /** The embedded wallet's origin (email and social login). */
  walletFrameUrl: string
  devnet: DevnetManifest | null
}

export const demoConfig: DemoConfig = __LATCH_DEMO_CONFIG__
