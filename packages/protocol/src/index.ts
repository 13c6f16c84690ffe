export * from './api.ts'
export * from './caip.ts'
export * from './devnet.ts'
export * from './registry.ts'
