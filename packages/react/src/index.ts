export { ConnectButton } from './ConnectButton.tsx'
export { useLatch, useLatchAccount, useLatchNetwork } from './hooks/useLatch.ts'
export { useStore } from './hooks/useStore.ts'
export { LatchProvider, useLatchInstance } from './LatchProvider.tsx'
