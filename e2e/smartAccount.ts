import type { Page } from '@playwright/test'
import { decodeEventLog, type Hex } from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'

/** What the demo's Latch instance says of the EVM account (window.latchDemo). */
export type DemoAccount = {
  address?: string
  smartAccountDeployed?: boolean
  preferredAccountTypes: Record<string, string>
  allAccounts: { namespace: string; address: string; type: string }[]
}

/** The EVM account state of the demo page's instance. */
export function demoAccount(page: Page): Promise<DemoAccount> {
  return page.evaluate(() =>
    (
      window as unknown as {
        latchDemo: { account: { get(namespace: string): DemoAccount } }
      }
    ).latchDemo.account.get('eip155'),
  )
}

/** The embedded user's smart account and the owner EOA, as the kit lists them. */
export async function embeddedAccounts(page: Page): Promise<{ smart: Hex; owner: Hex }> {
  const { allAccounts } = await demoAccount(page)
  const of = (type: string) => {
    const found = allAccounts.find((entry) => entry.namespace === 'eip155' && entry.type === type)
    if (!found) throw new Error(`the connected user has no ${type}`)
    return found.address as Hex
  }
  return { smart: of('smartAccount'), owner: of('eoa') }
}

/** The user operations a transaction carried, as the EntryPoint logged them. */
export function userOperationsIn(logs: readonly { data: Hex; topics: readonly Hex[] }[]) {
  return logs.flatMap((log) => {
    try {
      const event = decodeEventLog({
        abi: entryPoint08Abi,
        data: log.data,
        topics: log.topics as [Hex, ...Hex[]],
      })
      return event.eventName === 'UserOperationEvent' ? [event.args] : []
    } catch {
      return []
    }
  })
}
