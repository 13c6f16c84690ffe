export * from './devnet.ts'
