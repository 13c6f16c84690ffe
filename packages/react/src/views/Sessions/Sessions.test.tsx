// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1:5173/" }
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { LatchProvider } from '../../LatchProvider.tsx'
import {
  ADDRESS,
  connectAccount,
  prerenderPage,
  renderView,
  testLatch,
} from '../../test/renderView.fixture.tsx'
import { useHasSessions } from '../Account/useHasSessions.ts'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const PCI = `0x${'ab'.repeat(32)}`

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const SESSION = {
  pci: PCI,
  chainId: 'eip155:31337',
  origin: 'https://game.example',
  signer: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  permissions: [
    { type: 'contract-call', data: { address: USDC, functions: ['transfer(address,uint256)'] } },
    {
      type: 'erc20-token-periodic',
      data: { tokenAddress: USDC, periodAmount: '10000000', periodDuration: 86_400 },
    },
  ],
  expiry: 1_800_000_000,
  grantedAt: 1_799_000_000,
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
}

/** The server's sessions and tokens routes, as the kit reads them. */
function sessionsServer(sessions: unknown[] | 'down') {
  const asked: string[] = []
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input))
    asked.push(url.pathname)
    if (url.pathname === `/v1/sessions/${ADDRESS}`)
      return sessions === 'down' ? json({ message: 'Unsupported chain' }, 400) : json({ sessions })
    if (url.pathname === '/v1/convert/tokens')
      return json({
        tokens: [
          {
            name: 'USD Coin',
            symbol: 'USDC',
            address: `eip155:31337:${USDC}`,
            decimals: 6,
            logoUri: '',
          },
        ],
      })
    return json({ message: 'not found' }, 404)
  }
  return { fetch, asked }
}

describe('the Sessions view', () => {
  it('lists a session: site, permissions, usage this period, expiry, status and Revoke', async () => {
    const server = sessionsServer([SESSION])
    const latch = connectAccount(testLatch({ fetch: server.fetch, features: { sessions: true } }))
    const { modal } = await renderView(latch, 'Sessions')
    const item = await modal().findByTestId('latch-session')
    expect(item.textContent).toContain('https://game.example')
    expect(item.textContent).toContain('May call transfer(address,uint256) on USDC')
    expect(item.textContent).toContain('Up to 10 USDC per day')
    expect(modal().getByTestId('latch-session-usage').textContent).toBe('3 of 10 USDC today')
    expect(item.textContent).toContain('Expires Jan 15, 2027, 8:00 AM UTC')
    expect(modal().getByTestId('latch-session-status').textContent).toBe('Active')
    expect(modal().getByRole('button', { name: 'Revoke' })).toBeTruthy()
  })

  it('says when there is none, and why the list could not load (then loads on Try again)', async () => {
    const empty = connectAccount(testLatch({ fetch: sessionsServer([]).fetch }))
    const first = await renderView(empty, 'Sessions')
    expect((await first.modal().findByTestId('latch-sessions-empty')).textContent).toBe(
      'No sessions: no site can act for this account without asking',
    )
    first.unmount()

    let sessions: unknown[] | 'down' = 'down'
    const flaky = testLatch({
      fetch: (input) => sessionsServer(sessions).fetch(input as RequestInfo),
    })
    // Started first, as a page starts it: the EVM family's code, which the modal may load while
    // idle, then finds no wallet and would take back an account connected by hand before it.
    await flaky.start()
    connectAccount(flaky)
    const { modal, user } = await renderView(flaky, 'Sessions')
    const error = await modal().findByTestId('latch-sessions-error')
    expect(error.textContent).toContain('Unsupported chain')
    sessions = [SESSION]
    await user.click(modal().getByRole('button', { name: 'Try again' }))
    await modal().findByTestId('latch-session')
  })
})

describe("the Account view's Sessions entry", () => {
  it('is there on a site that grants sessions, and not on one that does not (for an EOA)', async () => {
    const granting = connectAccount(testLatch({ features: { sessions: true } }))
    expect(await prerenderPage(granting, 'Account')).toContain(
      'data-testid="latch-account-sessions"',
    )
    const plain = connectAccount(testLatch())
    expect(await prerenderPage(plain, 'Account')).not.toContain('latch-account-sessions')
  })

  it('a smart account is offered Sessions once the server lists one for it; none for an account without', async () => {
    const server = sessionsServer([SESSION])
    const latch = testLatch({ fetch: server.fetch })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LatchProvider latch={latch}>{children}</LatchProvider>
    )
    // One render, three accounts: a smart account with sessions, one without, and an EOA.
    const { result } = renderHook(
      () => [
        useHasSessions(true, ADDRESS, 'eip155:31337'),
        useHasSessions(true, USDC, 'eip155:31337'),
        useHasSessions(false, SESSION.signer, 'eip155:31337'),
      ],
      { wrapper },
    )
    await waitFor(() => expect(result.current[0]).toBe(true))
    await waitFor(() => expect(server.asked).toContain(`/v1/sessions/${USDC}`))
    expect(result.current).toEqual([true, false, false])
    // The EOA is never asked about.
    expect(server.asked).not.toContain(`/v1/sessions/${SESSION.signer}`)
  })
})
