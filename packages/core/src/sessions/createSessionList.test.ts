import { englishText } from '@latch/protocol/i18n'
import type { SessionSummary } from '@latch/protocol/smart-sessions'
import { describe, expect, it } from 'vitest'
import { HttpStatusError } from '../api/client.ts'
import { createSessionList, SESSION_REVOKED, type SessionListState } from './createSessionList.ts'
import type { RevokeRequest } from './revokePermissions.ts'

const ACCOUNT = '0x1111111111111111111111111111111111111111'
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const PCI = `0x${'ab'.repeat(32)}` as const
const EXPIRY = 1_800_000_000

const session = (overrides: Partial<SessionSummary> = {}): SessionSummary => ({
  pci: PCI,
  chainId: 'eip155:31337',
  origin: 'http://127.0.0.1:5173',
  signer: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  permissions: [
    { type: 'contract-call', data: { address: USDC, functions: ['transfer(address,uint256)'] } },
    {
      type: 'erc20-token-periodic',
      data: { tokenAddress: USDC, periodAmount: '10000000', periodDuration: 86_400 },
    },
  ],
  expiry: EXPIRY,
  grantedAt: EXPIRY - 7 * 86_400,
  status: 'active',
  usage: [
    {
      token: USDC,
      symbol: 'USDC',
      periodAmount: '10000000',
      periodDuration: 86_400,
      spent: '3000000',
    },
  ],
  ...overrides,
})

/** A server keeping the contract of the sessions routes: revoking marks the session revoked. */
function contractServer(sessions: SessionSummary[]) {
  const revoked: RevokeRequest[] = []
  let failing: Error | undefined
  return {
    revoked,
    fail(error: Error | undefined) {
      failing = error
    },
    async fetchSessions(address: string) {
      if (failing) throw failing
      return { sessions: address === ACCOUNT ? sessions : [] }
    },
    async revoke(request: RevokeRequest) {
      revoked.push(request)
      const found = sessions.find((entry) => entry.pci === request.permissionsContext)
      if (found) found.status = 'revoked'
    },
  }
}

function setUp(sessions: SessionSummary[], account: string | undefined = ACCOUNT) {
  const server = contractServer(sessions)
  const messages: string[] = []
  const list = createSessionList({
    account: () =>
      account ? { address: account as `0x${string}`, caipNetworkId: 'eip155:31337' } : undefined,
    fetchSessions: server.fetchSessions,
    tokens: async () => ({
      tokens: new Map([[USDC.toLowerCase(), { symbol: 'USDC', decimals: 6 }]]),
      native: { symbol: 'ETH', decimals: 18 },
    }),
    revoke: server.revoke,
    snackbar: {
      showError: (message) => messages.push(`error: ${message}`),
      showSuccess: (message) => messages.push(englishText(message)),
    },
  })
  return { server, list, messages }
}

/** The listed sessions, their texts in the English words the modal shows in English. */
const ready = (state: SessionListState) => {
  if (state.status !== 'ready') throw new Error(`not ready: ${state.status}`)
  return state.sessions.map((row) => ({
    ...row,
    statusText: row.statusText.english,
    expiryText: row.expiryText.english,
    permissions: row.permissions.map((line) => line.english),
    usage: row.usage.map((line) => line.english),
  }))
}

describe('the Account view sessions', () => {
  it('loads, then lists each session with its site, permissions, usage this period, expiry and status', async () => {
    const { list } = setUp([session()])
    expect(list.state.get().status).toBe('loading')
    await list.load()
    expect(ready(list.state.get())).toEqual([
      {
        pci: PCI,
        site: 'http://127.0.0.1:5173',
        status: 'active',
        statusText: 'Active',
        expiryText: 'Expires Jan 15, 2027, 8:00 AM UTC',
        permissions: ['May call transfer(address,uint256) on USDC', 'Up to 10 USDC per day'],
        usage: ['3 of 10 USDC today'],
        canRevoke: true,
      },
    ])
  })

  it('an account with no session has an empty list; one on another chain is left out', async () => {
    const { list } = setUp([session({ chainId: 'eip155:31338' })])
    await list.load()
    expect(ready(list.state.get())).toEqual([])
  })

  it('a server that cannot answer: the error state with its reason, and a retry that works', async () => {
    const { list, server } = setUp([session()])
    server.fail(new HttpStatusError(400, 'Unsupported chain'))
    await list.load()
    expect(list.state.get()).toEqual({ status: 'error', message: 'Unsupported chain' })
    server.fail(undefined)
    await list.load()
    expect(ready(list.state.get())).toHaveLength(1)
  })

  it('revoke: through the wallet on the hex chain, then the list read again shows it revoked', async () => {
    const { list, server, messages } = setUp([session()])
    await list.load()
    const revoking = list.revoke(PCI)
    expect(list.state.get()).toMatchObject({ status: 'ready', revoking: PCI })
    await revoking
    expect(server.revoked).toEqual([{ permissionsContext: PCI, chainId: '0x7a69' }])
    expect(messages).toEqual([SESSION_REVOKED])
    const [row] = ready(list.state.get())
    expect(row).toMatchObject({ status: 'revoked', statusText: 'Revoked', canRevoke: false })
    expect(list.state.get()).not.toHaveProperty('revoking')
  })

  it('a revoke the visitor declines says so and keeps the session', async () => {
    const { list, messages } = setUp([session()])
    const declining = createSessionList({
      account: () => ({ address: ACCOUNT, caipNetworkId: 'eip155:31337' }),
      fetchSessions: async () => ({ sessions: [session()] }),
      tokens: async () => ({ tokens: new Map(), native: { symbol: 'ETH', decimals: 18 } }),
      revoke: async () => {
        throw Object.assign(new Error('User rejected the request'), { code: 4001 })
      },
      snackbar: {
        showError: (message) => messages.push(`error: ${message}`),
        showSuccess: () => {},
      },
    })
    await list.load()
    await declining.load()
    await declining.revoke(PCI)
    expect(messages).toEqual(['error: Signature declined'])
    expect(ready(declining.state.get())[0]).toMatchObject({
      status: 'active',
      // A token the kit cannot name is shown in base units, with the symbol the server gave.
      usage: ['3,000,000 of 10,000,000 USDC (base units) today'],
    })
  })
})
