import type {
  DashboardChainsResponse,
  DashboardConnectsResponse,
  DashboardErrorsResponse,
  DashboardFunnelResponse,
  DashboardMethodsResponse,
  DashboardOnrampResponse,
  DashboardSignInsResponse,
  DashboardWalletsResponse,
} from '@latch/protocol/dashboard'
import { api } from './api.ts'
import { el } from './dom.ts'
import { chainsSection, methodsSection, walletsSection } from './sections/breakdowns.ts'
import { connectsSection } from './sections/connects.ts'
import { errorsSection } from './sections/errors.ts'
import { funnelSection } from './sections/funnel.ts'
import { onrampSection } from './sections/onramp.ts'
import { signInsSection } from './sections/signIns.ts'
import { summarySection } from './sections/summary.ts'

/** Reads every chart of `projectId` over `days` and returns the board drawing them. */
export async function loadBoard(projectId: string, days: number): Promise<HTMLElement> {
  const read = <Answer>(name: string) =>
    api<Answer>(`/projects/${encodeURIComponent(projectId)}/${name}?days=${days}`)
  const [connects, funnel, methods, wallets, chains, errors, signIns, onramp] = await Promise.all([
    read<DashboardConnectsResponse>('connects'),
    read<DashboardFunnelResponse>('funnel'),
    read<DashboardMethodsResponse>('methods'),
    read<DashboardWalletsResponse>('wallets'),
    read<DashboardChainsResponse>('chains'),
    read<DashboardErrorsResponse>('errors'),
    read<DashboardSignInsResponse>('signins'),
    read<DashboardOnrampResponse>('onramp'),
  ])
  return el(
    'div',
    { class: 'board', 'data-project': projectId, 'data-days': String(days) },
    summarySection({ connects, funnel, signIns, errors, onramp }),
    el(
      'div',
      { class: 'grid' },
      connectsSection(connects),
      funnelSection(funnel),
      methodsSection(methods),
      walletsSection(wallets),
      chainsSection(chains),
      signInsSection(signIns),
      errorsSection(errors),
      onrampSection(onramp),
    ),
  )
}
