// Signing and sending pull in most of viem's transaction code: loaded on first use, not at start.
export {
  estimateFeesPerGas,
  estimateGas,
  getGasPrice,
  sendTransaction,
  signMessage,
  waitForTransactionReceipt,
} from '@wagmi/core'
