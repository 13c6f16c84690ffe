// The refusals of a keep-alive transfer, worded once: the server says them when it builds a
// transfer and the page says them when it checks one, so a visitor reads the same sentence from
// either. No zod here: the page bundle may import this module.

/** What a keep-alive transfer (fee included) may take: free less the frozen part or the deposit. */
export function keepAliveTransferable(options: {
  free: bigint
  frozen?: bigint
  existentialDeposit: bigint
}): bigint {
  const { free, frozen = 0n, existentialDeposit } = options
  const kept = frozen > existentialDeposit ? frozen : existentialDeposit
  return free > kept ? free - kept : 0n
}

/**
 * Why a `balances.transferKeepAlive` of `amount` paying `fee` cannot go out of an account holding
 * `free` (of which `frozen` is locked), or undefined when it can. Two reasons, told apart so the
 * visitor knows what to change: the amount and fee fit what the account holds but would leave it
 * under the existential deposit (the chain would remove the account, which a keep-alive transfer
 * refuses), or they are more than it may move at all.
 */
export function keepAliveRefusal(options: {
  free: bigint
  frozen?: bigint
  amount: bigint
  fee: bigint
  existentialDeposit: bigint
  /** Planck as the visitor reads it: '0.000003333333 ROC'. */
  format(planck: bigint): string
}): string | undefined {
  const { free, frozen = 0n, amount, fee, existentialDeposit, format } = options
  const transferable = keepAliveTransferable({ free, frozen, existentialDeposit })
  if (amount + fee <= transferable) return undefined
  const movable = free > frozen ? free - frozen : 0n
  if (amount + fee <= movable) {
    const most = transferable - fee
    const keep = `Your account must keep at least ${format(existentialDeposit)} (the network's existential deposit)`
    return most > 0n
      ? `${keep}: send at most ${format(most)}`
      : `${keep}, and this balance cannot pay the fee on top`
  }
  return `Amount plus the network fee (${format(amount + fee)}) is more than your transferable balance (${format(transferable)})`
}
