import type { CaipNetworkId } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { createAlerts } from '../alerts/createAlerts.ts'
import { ChainNotSupportedError, UserRejectedError } from '../errors.ts'
import { createRouter } from '../router/index.ts'
import { devnet, devnet2 } from '../rules/testStores.ts'
import type { CaipNetwork, ChainNamespace } from '../siteTypes.ts'
import { createNetworkController } from './network.ts'
import { switchWalletNetwork } from './switchWalletNetwork.ts'

const solanaDevnet: CaipNetwork = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}

function setup(
  connected: ChainNamespace[],
  failure?: Error,
  connectSameWallet?: (namespace: ChainNamespace, caipNetworkId: CaipNetworkId) => Promise<boolean>,
) {
  const network = createNetworkController([devnet, devnet2, solanaDevnet])
  const router = createRouter({ closeModal: () => {} })
  router.reset('Account')
  router.push('Networks')
  let active: ChainNamespace = 'eip155'
  const asked: [ChainNamespace, CaipNetworkId][] = []
  const errors: string[] = []
  const alerts = createAlerts()
  const switchNetwork = switchWalletNetwork({
    activeNamespace: () => active,
    setActiveNamespace: (namespace) => {
      active = namespace
    },
    isConnected: (namespace) => connected.includes(namespace),
    ...(connectSameWallet ? { connectSameWallet } : {}),
    switchNetwork: async (namespace, caipNetworkId) => {
      asked.push([namespace, caipNetworkId])
      if (failure) throw failure
    },
    network,
    router,
    snackbar: { showError: (message) => errors.push(String(message)) },
    displayMessage: (error) => (error instanceof Error ? error.message : String(error)),
    isSiteNetwork: (caipNetworkId) => network.find(caipNetworkId) !== undefined,
    alerts,
  })
  return { switchNetwork, network, router, asked, errors, alerts, active: () => active }
}

describe('switchWalletNetwork', () => {
  it("refuses a network the site did not configure with 'Network Not Found', switching nothing", async () => {
    const { switchNetwork, asked, network, alerts } = setup(['eip155'])
    await switchNetwork({ ...devnet2, id: 4242, caipNetworkId: 'eip155:4242', name: 'Elsewhere' })
    expect(asked).toEqual([])
    expect(network.state.get().activeNetwork?.caipNetworkId).toBe(devnet.caipNetworkId)
    expect(alerts.state.get()).toMatchObject({
      title: 'Network Not Found',
      variant: 'error',
      open: true,
    })
  })

  it('asks the connected wallet to switch and goes back from Networks', async () => {
    const { switchNetwork, asked, router } = setup(['eip155'])
    await switchNetwork(devnet2)
    expect(asked).toEqual([['eip155', 'eip155:31338']])
    expect(router.state.get().view).toBe('Account')
  })

  it('disconnected, only changes the modal network', async () => {
    const { switchNetwork, asked, network } = setup([])
    await switchNetwork(devnet2)
    expect(asked).toEqual([])
    expect(network.state.get().activeNetwork).toBe(devnet2)
  })

  it('a network of another family switches the active namespace', async () => {
    const { switchNetwork, network, active, asked } = setup(['eip155'])
    await switchNetwork(solanaDevnet)
    expect(active()).toBe('solana')
    expect(network.state.get().activeNetwork).toBe(solanaDevnet)
    expect(asked).toEqual([])

    const both = setup(['eip155', 'solana'])
    await both.switchNetwork(solanaDevnet)
    expect(both.active()).toBe('solana')
    expect(both.asked).toEqual([['solana', solanaDevnet.caipNetworkId]])
  })

  it('says a chain the wallet cannot add is not supported, and nothing of a declined switch', async () => {
    const unsupported = setup(['eip155'], new ChainNotSupportedError())
    await expect(unsupported.switchNetwork(devnet2)).rejects.toThrow()
    expect(unsupported.errors).toEqual(['Chain is not supported'])

    const declined = setup(['eip155'], new UserRejectedError('User rejected the request'))
    await expect(declined.switchNetwork(devnet2)).rejects.toThrow()
    expect(declined.errors).toEqual([])
  })

  it('connects the other family through the same wallet when it offers it', async () => {
    const connecting: [ChainNamespace, CaipNetworkId][] = []
    const { switchNetwork, asked, network, router, active } = setup(
      ['eip155'],
      undefined,
      async (namespace, caipNetworkId) => {
        connecting.push([namespace, caipNetworkId])
        return true
      },
    )
    await switchNetwork(solanaDevnet)
    expect(connecting).toEqual([['solana', solanaDevnet.caipNetworkId]])
    expect(asked).toEqual([])
    expect(active()).toBe('solana')
    expect(network.state.get().activeNetwork).toBe(solanaDevnet)
    expect(router.state.get().view).toBe('Account')
  })

  it('a declined connect of the other family says nothing; another failure is shown', async () => {
    const declined = setup(['eip155'], undefined, async () => {
      throw new UserRejectedError('User rejected the request')
    })
    await declined.switchNetwork(solanaDevnet)
    expect(declined.errors).toEqual([])
    expect(declined.network.state.get().activeNetwork).toBe(solanaDevnet)

    const failed = setup(['eip155'], undefined, async () => {
      throw new Error('The wallet is locked')
    })
    await failed.switchNetwork(solanaDevnet)
    expect(failed.errors).toEqual(['The wallet is locked'])
  })
})
