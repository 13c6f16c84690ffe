/** The SPL Token program: the classic token accounts. */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The Token-2022 program (token extensions): a separate set of token accounts. */
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
/** The commitment every read uses: what a wallet shows as done, a few hundred ms after sending. */
export const READ_COMMITMENT = 'confirmed'
