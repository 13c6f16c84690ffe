export * from './network.ts'
