export { ConnectButton } from './ConnectButton.tsx'
export { LatchProvider, useLatch } from './LatchProvider.tsx'
export { type SupportedChainsState, useSupportedChains } from './useSupportedChains.ts'
