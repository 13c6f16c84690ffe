import type { SolanaChain } from './chain.ts'

/** One JSON-RPC method: its params array in, its result out (or a thrown RpcError). */
export type Method = (params: unknown[], chain: SolanaChain) => unknown | Promise<unknown>
export type Methods = Record<string, Method>
