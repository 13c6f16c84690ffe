'use client'
// Everything here runs in the browser (state, effects, the modal): a React Server Component that
// imports it gets client references, which the page renders and hydrates.

export { ConnectButton } from './ConnectButton.tsx'
export { useLatchInstance } from './context.ts'
export { useLatch, useLatchAccount, useLatchNetwork } from './hooks/useLatch.ts'
export { useStore } from './hooks/useStore.ts'
export { LatchProvider } from './LatchProvider.tsx'
