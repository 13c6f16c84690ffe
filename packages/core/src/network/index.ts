export * from './network.ts'
export * from './unsupportedNetworkMessage.ts'
