import type {
  DashboardChainsResponse,
  DashboardMethodsResponse,
  DashboardWalletsResponse,
} from '@latch/protocol/dashboard'
import { el, emptyState, section, table } from '../dom.ts'
import { rangeText } from './rangeText.ts'

/**
 * Ways to connect: what visitors chose in the modal (email, social, wallet, ...) and what their
 * connects went through (browser, QR code, phone, email, ...), each its own list since the kit
 * names them differently.
 */
export function methodsSection(data: DashboardMethodsResponse): HTMLElement {
  const list = (testId: string, title: string, rows: typeof data.chosen) =>
    table(
      testId,
      [
        { key: 'name', title, value: (row) => row.name },
        { key: 'count', title: 'Count', value: (row) => row.count },
      ],
      rows,
      (row) => row.name,
    )
  return section(
    'methods',
    'Ways to connect',
    data.chosen.length + data.connected.length === 0
      ? emptyState(`No visitor chose a way to connect in ${rangeText(data.range.days)}.`)
      : el(
          'div',
          { class: 'pair' },
          list('methods-chosen', 'Chosen in the modal', data.chosen),
          list('methods-connected', 'Connected through', data.connected),
        ),
  )
}

export function walletsSection(data: DashboardWalletsResponse): HTMLElement {
  return section(
    'wallets',
    'Wallets',
    data.wallets.length === 0
      ? emptyState(`No wallet was picked in ${rangeText(data.range.days)}.`)
      : table(
          'wallets',
          [
            { key: 'name', title: 'Wallet', value: (row) => row.name },
            { key: 'chosen', title: 'Picked', value: (row) => row.chosen },
            { key: 'connected', title: 'Connects', value: (row) => row.connected },
          ],
          data.wallets,
          (row) => row.name,
        ),
  )
}

export function chainsSection(data: DashboardChainsResponse): HTMLElement {
  return section(
    'chains',
    'Chains',
    data.chains.length === 0
      ? emptyState(`No chain was used in ${rangeText(data.range.days)}.`)
      : table(
          'chains',
          [
            { key: 'chain', title: 'Chain', value: (row) => row.chain },
            { key: 'connects', title: 'Connects', value: (row) => row.connects },
            { key: 'sends', title: 'Sends', value: (row) => row.sends },
            { key: 'swaps', title: 'Swaps', value: (row) => row.swaps },
            { key: 'signIns', title: 'Sign-ins', value: (row) => row.signIns },
          ],
          data.chains,
          (row) => row.chain,
        ),
  )
}
