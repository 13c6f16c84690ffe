// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createScreenLanguage } from '../i18n/screenLanguage.ts'
import { createApprovalScreen } from './renderApproval.ts'
import type { ApprovalRequest } from './types.ts'

const ACCOUNT = '0x00000000000000000000000000000000000000aa'
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** What the server says a send costs: its fee, with nothing short. */
const cost = {
  network: { chainId: 31337, name: 'Latch Devnet' },
  currency: { symbol: 'ETH', decimals: 18 },
  balance: '0',
  value: '0',
  fee: '42000000000000',
  shortfall: '0',
}

/** A send of 1234.5 ETH with its fee, as the frame queues it once the server priced it. */
const send: ApprovalRequest = {
  id: '1',
  method: 'eth_sendTransaction',
  params: [{ from: ACCOUNT, to: RECEIVER, value: `0x${(12345n * 10n ** 17n).toString(16)}` }],
  chainId: 31337,
  account: ACCOUNT,
  cost,
}

/** A grant of 10 USDC every 3 days until 15 Jan 2027, 12:00 UTC. */
const grant: ApprovalRequest = {
  id: '2',
  method: 'wallet_grantPermissions',
  params: [
    {
      chainId: '0x7a69',
      expiry: Date.UTC(2027, 0, 15, 12) / 1000,
      signer: { type: 'account', data: { address: RECEIVER } },
      permissions: [
        {
          type: 'erc20-token-periodic',
          data: { tokenAddress: USDC, periodAmount: '10000000', periodDuration: 3 * 86_400 },
        },
      ],
    },
  ],
  chainId: 31337,
  account: ACCOUNT,
  evmNetwork: {
    chainId: 31337,
    name: 'Latch Devnet',
    currency: { symbol: 'ETH', decimals: 18 },
    tokens: [{ address: USDC, symbol: 'USDC', decimals: 6 }],
  },
}

/** The screen drawn for `request` in `locale`: its title, and each detail row as 'label: value'. */
async function drawn(locale: 'fr' | 'ar' | 'en', request: ApprovalRequest) {
  const language = createScreenLanguage('en')
  await language.set(locale)
  const root = document.createElement('div')
  const screen = createApprovalScreen(root, {
    site: () => ({ origin: 'https://shop.example', name: undefined }),
    onShown: () => {},
    words: language.words,
  })
  screen.show(request, () => {})
  const text = (selector: string) =>
    [...root.querySelectorAll(selector)].map((node) => node.textContent ?? '')
  return {
    title: text('.approve-title')[0],
    rows: [...root.querySelectorAll('.approve-row')].map(
      (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
    ),
    headings: text('.approve-heading'),
    account: text('.approve-account .approve-label')[0],
    warning: text('[data-testid="latch-approve-warning"]')[0],
  }
}

describe('the approval screen in the language the kit passes', () => {
  it('writes a transaction’s labels in French and its amounts the French way', async () => {
    const screen = await drawn('fr', send)
    expect(screen.title).toBe('Approuver la transaction')
    expect(screen.rows).toEqual([
      `À: ${RECEIVER}`,
      'Valeur: 1\u202f234,5 ETH',
      'Réseau: Latch Devnet',
      'Frais de réseau: jusqu’à 0,000042 ETH',
    ])
    expect(screen.account).toBe('Compte')
    const poor = await drawn('fr', {
      ...send,
      cost: { ...cost, shortfall: '42000000000000' },
    })
    expect(poor.warning).toBe(
      'Pas assez de ETH pour les frais de réseau : il vous manque 0,000042 ETH',
    )
  })

  it('says a grant’s limit, its period and its end in Arabic', async () => {
    const screen = await drawn('ar', grant)
    expect(screen.title).toBe('منح الأذونات')
    expect(screen.headings).toEqual(['يمكنه إنفاق'])
    expect(screen.rows).toContain('حد الإنفاق: 10 USDC كل 3 أيام')
    const until = screen.rows.find((row) => row.startsWith('حتى: '))
    expect(until).toBe(
      `حتى: ${new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2027, 0, 15, 12)))} UTC`,
    )
    expect(until).not.toContain('Jan')
  })

  it('reads as before in English', async () => {
    const screen = await drawn('en', grant)
    expect(screen.rows).toContain('Spending limit: 10 USDC every 3 days')
    expect(screen.rows).toContain('Until: Jan 15, 2027, 12:00 PM UTC')
  })
})

describe('a language that arrives after the request', () => {
  it('draws the request on screen again in it, with its buttons held back anew', async () => {
    const language = createScreenLanguage('en')
    const root = document.createElement('div')
    const shown: string[] = []
    const screen = createApprovalScreen(root, {
      site: () => ({ origin: 'https://shop.example', name: undefined }),
      onShown: (request) => shown.push(request.id),
      words: language.words,
    })
    language.onChange(() => screen.redraw())
    screen.show(send, () => {})
    expect(root.querySelector('.approve-title')?.textContent).toBe('Approve transaction')
    await language.set('de')
    expect(root.querySelector('.approve-title')?.textContent).toBe('Transaktion bestätigen')
    expect(root.querySelector('[data-action="approve"]')?.hasAttribute('disabled')).toBe(true)
    // The kit was told once that the request is on screen.
    expect(shown).toEqual(['1'])
  })
})
