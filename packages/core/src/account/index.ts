export * from './account.ts'
