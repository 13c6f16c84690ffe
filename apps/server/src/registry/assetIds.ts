import type { CaipNetworkId } from '@latch/protocol'
import type { IconRef } from './iconLibrary.ts'
import { NETWORK } from './networks.ts'

/**
 * The asset ids other clients of this API ask `/public/getAssetImage/{id}` for: opaque UUIDs
 * their network and connector presets carry instead of a CAIP-2 id. Each names a network (served
 * as that network's image) or a connector.
 */
export const NETWORK_ASSET_IDS: Record<string, CaipNetworkId> = {
  'ba0ba0cd-17c6-4806-ad93-f9d174f17900': NETWORK.ethereum,
  'ab9c186a-c52f-464b-2906-ca59d760a400': NETWORK.optimism,
  '93564157-2e8e-4ce7-81df-b264dbee9b00': NETWORK.bnbSmartChain,
  '02b53f6a-e3d4-479e-1cb4-21178987d100': NETWORK.gnosis,
  '41d04d42-da3b-4453-8506-668cc0727900': NETWORK.polygon,
  'b310f07f-4ef7-49f3-7073-2a0a39685800': NETWORK.zkSync,
  'b8101fc0-9c19-4b6f-ec65-f6dfff106e00': NETWORK.ronin,
  '7289c336-3981-4081-c5f4-efc26ac64a00': NETWORK.base,
  '3bff954d-5cb0-47a0-9a23-d20192e74600': NETWORK.arbitrum,
  '30c46e53-e989-45fb-4549-be3bd4eb3b00': NETWORK.avalanche,
  'e909ea0a-f92a-4512-c8fc-748044ea6800': NETWORK.sepolia,
  'a18a7ecd-e307-4360-4746-283182228e00': NETWORK.baseSepolia,
  // One id for every Solana cluster, and one for the Solana family as a whole.
  'a1b58899-f671-4276-6a5e-56ca5bd59700': NETWORK.solana,
  '3e8119e5-2a6f-4818-c50c-1937011d5900': NETWORK.solana,
  '0b4838db-0161-4ffe-022d-532bf03dba00': NETWORK.bitcoin,
  '39354064-d79b-420b-065d-f980c4b78200': NETWORK.bitcoinTestnet,
}

/** Connectors by asset id: their name and, where the icon library has it, their mark. */
export const CONNECTOR_ASSET_IDS: Record<string, { name: string; icon?: IconRef }> = {
  'ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400': {
    name: 'WalletConnect',
    icon: { set: 'wallets', name: 'wallet-connect' },
  },
  // The browser's own injected wallet (window.ethereum), whichever it is: no brand to show.
  '07ba87ed-43aa-4adf-4540-9e6a2b9cae00': { name: 'Browser Wallet' },
  '0c2840c3-5b04-4c44-9661-fbd4b49e1800': {
    name: 'Coinbase',
    icon: { set: 'wallets', name: 'coinbase' },
  },
  'bba2c8be-7fd1-463e-42b1-796ecb0ad200': {
    name: 'Base Account',
    icon: { set: 'networks', name: 'base' },
  },
  '461db637-8616-43ce-035a-d89b8a1d5800': { name: 'Safe', icon: { set: 'wallets', name: 'safe' } },
  '54a1aa77-d202-4f8d-0fb2-5d2bb6db0300': {
    name: 'Ledger',
    icon: { set: 'wallets', name: 'ledger' },
  },
}
