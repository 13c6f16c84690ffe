// viem's HTTP transport in a chunk of its own: loaded with the first chain read (lazyHttp.ts).
export { http } from 'viem'
