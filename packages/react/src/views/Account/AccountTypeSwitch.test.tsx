import { describe, expect, it } from 'vitest'
import {
  ADDRESS,
  connectAccount,
  prerenderPage,
  testLatch,
} from '../../test/renderView.fixture.tsx'

const SMART = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe("the Account view's account type switch", () => {
  it('shows a smart account user the account they act with and the switch to the other', async () => {
    const latch = connectAccount(testLatch(), {
      address: SMART,
      allAccounts: [
        { namespace: 'eip155', address: SMART, type: 'smartAccount' },
        { namespace: 'eip155', address: ADDRESS, type: 'eoa' },
      ],
      preferredAccountTypes: { eip155: 'smartAccount' },
    })
    const html = await prerenderPage(latch, 'Account')
    expect(html).toContain('data-testid="latch-account-type-name">Smart account</span>')
    expect(html).toContain('>Switch to your EOA</button>')

    latch.account.update('eip155', { address: ADDRESS, preferredAccountTypes: { eip155: 'eoa' } })
    const onEoa = await prerenderPage(latch, 'Account')
    expect(onEoa).toContain('data-testid="latch-account-type-name">EOA</span>')
    expect(onEoa).toContain('>Switch to your smart account</button>')
  })

  it('offers nothing to a wallet with one account type', async () => {
    const latch = connectAccount(testLatch(), {
      allAccounts: [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }],
    })
    const html = await prerenderPage(latch, 'Account')
    expect(html).toContain('data-testid="latch-account-view-address"')
    expect(html).not.toContain('latch-account-type')
    expect(html).not.toContain('Switch to your')
  })
})
