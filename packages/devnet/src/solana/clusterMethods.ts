import { getCompiledTransactionMessageDecoder } from '@solana/kit'
import { SOLANA_CORE_VERSION } from './constants.ts'
import { invalidParams } from './errors.ts'
import { transactionFee } from './fees.ts'
import type { Methods } from './methods.ts'
import { configParam, context, requireParams, stringParam, usizeParam } from './params.ts'
import type { DecodedTransaction } from './wire.ts'

// A real cluster's epoch length; this chain never leaves epoch 0 in practice.
const SLOTS_PER_EPOCH = 432_000
// The feature-set id getVersion reports for the runtime litesvm embeds.
const FEATURE_SET = 3_640_012_085

/** The chain's clock and identity: slots, blockhashes, version, health, fees. */
export const clusterMethods: Methods = {
  getSlot(params, chain) {
    configParam(params, 0, chain)
    return chain.slot
  },

  getBlockHeight(params, chain) {
    configParam(params, 0, chain)
    return chain.blockHeight
  },

  getTransactionCount(params, chain) {
    configParam(params, 0, chain)
    return chain.transactionCount
  },

  getLatestBlockhash(params, chain) {
    configParam(params, 0, chain)
    return {
      context: context(chain),
      value: {
        blockhash: chain.latestBlockhash,
        lastValidBlockHeight: chain.lastValidBlockHeight(),
      },
    }
  },

  isBlockhashValid(params, chain) {
    requireParams(params, 1)
    const blockhash = stringParam(params[0])
    configParam(params, 1, chain)
    return { context: context(chain), value: chain.isBlockhashValid(blockhash) }
  },

  getEpochInfo(params, chain) {
    configParam(params, 0, chain)
    return {
      absoluteSlot: chain.slot,
      blockHeight: chain.blockHeight,
      epoch: Math.floor(chain.slot / SLOTS_PER_EPOCH),
      slotIndex: chain.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: chain.transactionCount,
    }
  },

  getEpochSchedule() {
    return {
      firstNormalEpoch: 0,
      firstNormalSlot: 0,
      leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
      slotsPerEpoch: SLOTS_PER_EPOCH,
      warmup: false,
    }
  },

  getFirstAvailableBlock() {
    return 0
  },

  getVersion() {
    return { 'feature-set': FEATURE_SET, 'solana-core': SOLANA_CORE_VERSION }
  },

  getHealth() {
    return 'ok'
  },

  getRecentPrioritizationFees(_params, chain) {
    return [{ prioritizationFee: 0, slot: chain.slot }]
  },

  getFeeForMessage(params, chain) {
    requireParams(params, 1)
    const text = stringParam(params[0])
    configParam(params, 1, chain)
    const bytes = Buffer.from(text, 'base64')
    let message: DecodedTransaction['message']
    try {
      message = getCompiledTransactionMessageDecoder().decode(
        bytes,
      ) as DecodedTransaction['message']
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw invalidParams(
        `failed to deserialize solana_message::versioned::VersionedMessage: ${reason}`,
      )
    }
    // A node prices a message only against a blockhash it still honours.
    if (!chain.isBlockhashValid(message.lifetimeToken))
      return { context: context(chain), value: null }
    const keys = [...message.staticAccounts]
    const fee = transactionFee({ message } as DecodedTransaction, keys)
    return { context: context(chain), value: fee }
  },

  /**
   * Devnet only (as anvil's anvil_mine): produces `count` blocks at once, so a test can make a
   * blockhash stale without waiting a minute.
   */
  latch_advanceSlots(params, chain) {
    const count = params.length > 0 ? usizeParam(params[0]) : 1
    if (count > 10_000) throw invalidParams('count must be at most 10000')
    chain.advanceSlots(count)
    return chain.slot
  },
}
