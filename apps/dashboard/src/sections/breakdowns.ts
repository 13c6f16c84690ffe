import type {
  DashboardChainsResponse,
  DashboardMethodsResponse,
  DashboardWalletsResponse,
} from '@latch/protocol/dashboard'
import { emptyState, section, table } from '../dom.ts'
import { rangeText } from './rangeText.ts'

/** Ways to connect: chosen in the modal, and connects made with each. */
export function methodsSection(data: DashboardMethodsResponse): HTMLElement {
  const names = [...new Set([...data.chosen, ...data.connected].map((row) => row.name))]
  const count = (rows: typeof data.chosen, name: string) =>
    rows.find((row) => row.name === name)?.count ?? 0
  const rows = names
    .map((name) => ({
      name,
      chosen: count(data.chosen, name),
      connected: count(data.connected, name),
    }))
    .sort((a, b) => b.chosen + b.connected - (a.chosen + a.connected))
  return section(
    'methods',
    'Ways to connect',
    rows.length === 0
      ? emptyState(`No visitor chose a way to connect in ${rangeText(data.range.days)}.`)
      : table(
          'methods',
          [
            { key: 'name', title: 'Method', value: (row) => row.name },
            { key: 'chosen', title: 'Chosen', value: (row) => row.chosen },
            { key: 'connected', title: 'Connects', value: (row) => row.connected },
          ],
          rows,
          (row) => row.name,
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
