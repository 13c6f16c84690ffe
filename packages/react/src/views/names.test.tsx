import { defineSolanaNetwork, type LatchConfig } from '@latch/core'
import { SOLANA_DEVNET, suggestionsResponse } from '@latch/protocol'
import { describe, expect, it, vi } from 'vitest'
import {
  ADDRESS,
  connectAccount,
  prerenderPage as render,
  testLatch,
} from '../test/renderView.fixture.tsx'

/** A server answering the suggestions call as the protocol's schema says, and nothing else. */
const suggestionsServer: typeof fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  const match = url.pathname.match(/^\/v1\/profile\/suggestions\/(.+)$/)
  if (!match) return new Response('{"message":"not here"}', { status: 404 })
  const zone = url.searchParams.get('zone')
  const label = decodeURIComponent(match[1] ?? '')
  const body = suggestionsResponse.parse({
    suggestions: [
      { name: `${label}.${zone}`, registered: label === 'alice' },
      { name: `${label}1.${zone}`, registered: false },
    ],
  })
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
}

const latchWith = (options: Partial<LatchConfig> = {}) =>
  testLatch({ fetch: suggestionsServer, ...options })

const waitFor = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 20 })

describe('names in the modal', () => {
  it('shows the name and avatar in the connect button instead of the address', async () => {
    const latch = latchWith()
    connectAccount(latch, {
      profileName: 'alice.latch.id',
      profileImage: 'https://example.org/alice.png',
    })
    const html = await render(latch)
    expect(html).toContain(
      `data-testid="latch-account-name" title="${ADDRESS}">alice.latch.id</span>`,
    )
    expect(html).toContain('src="https://example.org/alice.png"')
    expect(html).not.toContain('latch-account-address')

    const unnamed = latchWith()
    connectAccount(unnamed, { profileName: null })
    expect(await render(unnamed)).toContain(
      'data-testid="latch-account-address">0x7099…79C8</span>',
    )
  })

  it('loads no avatar from a scheme other than http(s) or an inline image', async () => {
    const latch = latchWith()
    connectAccount(latch, { profileName: 'alice.latch.id', profileImage: 'javascript:alert(1)' })
    expect(await render(latch)).not.toContain('javascript:')
  })

  it('shows the name above a smaller address in the Account view, and no name action', async () => {
    const latch = latchWith()
    connectAccount(latch, { profileName: 'alice.latch.id', profileImage: null })
    const html = await render(latch, 'Account')
    expect(html).toMatch(
      /class="latch-profile-name" data-testid="latch-account-name">alice\.latch\.id</,
    )
    expect(html).toContain('data-size="sm"')
    expect(html).toContain('data-testid="latch-account-view-address">0x7099…79C8')
    expect(html).not.toContain('Choose a name')
  })

  it("offers 'Choose a name' in the Account view of an account without one", async () => {
    const latch = latchWith()
    connectAccount(latch, { profileName: null })
    const html = await render(latch, 'Account')
    expect(html).toMatch(/<button type="button" class="latch-link-button">Choose a name<\/button>/)
    expect(html).not.toContain('latch-profile-name')
  })

  it("offers no 'Choose a name' on a network of a family names are not registered on", async () => {
    const latch = latchWith()
    connectAccount(latch, { profileName: null })
    latch.network.setActiveNetwork(
      defineSolanaNetwork({ caipNetworkId: SOLANA_DEVNET, name: 'Solana Devnet' }),
    )
    const html = await render(latch, 'Account')
    expect(html).not.toContain('Choose a name')
  })

  it("offers no 'Choose a name' while the account's name could not be looked up", async () => {
    const latch = latchWith()
    connectAccount(latch, { profileName: undefined, profileUnavailable: true })
    const html = await render(latch, 'Account')
    expect(html).toContain('data-testid="latch-account-view-address">0x7099…79C8')
    expect(html).not.toContain('Choose a name')
  })

  it('labels the field Name, shows the zone, and the rule a label breaks', async () => {
    const latch = latchWith({ names: { zone: 'example.xyz' } })
    connectAccount(latch)
    latch.names.suggestions.setInput('ab')
    const html = await render(latch, 'RegisterAccountName')
    expect(html).toContain('Choose a Name</h2>')
    const inputId = html.match(/<label for="([^"]+)">Name<\/label>/)?.[1]
    expect(inputId).toBeTruthy()
    expect(html).toContain(`id="${inputId}"`)
    expect(html).toContain('.<!-- -->example.xyz</span>')
    expect(html).toContain('A name needs at least 4 characters')
    expect(html).toMatch(
      /<button type="submit" class="latch-button" disabled="">Register<\/button>/,
    )
  })

  it("lists the asked name as 'Taken' and free variants as buttons with the full name", async () => {
    const latch = latchWith()
    connectAccount(latch)
    latch.names.suggestions.setInput('alice')
    await waitFor(() => latch.names.suggestions.state.get().status === 'success')
    const html = await render(latch, 'RegisterAccountName')
    expect(html).toMatch(/<span>alice\.latch\.id<\/span><span class="latch-tag"[^>]*>Taken<\/span>/)
    expect(html).toMatch(
      /<button type="button" class="latch-button" data-variant="secondary">alice1\.latch\.id<\/button>/,
    )
    expect(html).toMatch(
      /<button type="submit" class="latch-button" disabled="">Register<\/button>/,
    )
  })

  it("shows 'Available' and enables Register for a free name", async () => {
    const latch = latchWith()
    connectAccount(latch)
    latch.names.suggestions.setInput('alicia')
    await waitFor(() => latch.names.suggestions.state.get().status === 'success')
    const html = await render(latch, 'RegisterAccountName')
    expect(html).toMatch(/>Available<\/span>/)
    expect(html).toMatch(/<button type="submit" class="latch-button">Register<\/button>/)
  })

  it("says 'Error fetching name suggestions' when the server cannot answer", async () => {
    const latch = latchWith({ fetch: async () => new Response('{}', { status: 503 }) })
    connectAccount(latch)
    latch.names.suggestions.setInput('alicia')
    await waitFor(() => latch.names.suggestions.state.get().status === 'error')
    expect(await render(latch, 'RegisterAccountName')).toContain('Error fetching name suggestions')
  })

  it('greets the new name on RegisterAccountNameSuccess, under a heading', async () => {
    const latch = latchWith()
    connectAccount(latch, { profileName: 'alice.latch.id' })
    latch.modal.open({ view: 'Account' })
    latch.router.replace('RegisterAccountNameSuccess', { name: 'alice.latch.id' })
    const html = await render(latch)
    expect(html).toContain('Name Registered</h2>')
    expect(html).toMatch(/<h3 class="latch-profile-name">alice\.latch\.id is yours<\/h3>/)
    expect(html).toContain('Back to account</button>')
  })
})
