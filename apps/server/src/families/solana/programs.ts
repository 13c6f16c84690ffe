export { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '@latch/protocol/solana-programs'
/** The commitment every read uses: what a wallet shows as done, a few hundred ms after sending. */
export const READ_COMMITMENT = 'confirmed'
