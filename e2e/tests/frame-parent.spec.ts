import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loginWithEmail } from '../embedded.ts'
import { expect, test } from '../fixtures.ts'
import { freshEmail } from '../mail.ts'

/**
 * Another page on this machine (loopback, another port: the same site as the demo to the
 * browser, so the frame shares its storage) that embeds the wallet frame and asks it for the
 * user, as any local dev server or a page a visitor runs could.
 */
async function startOtherPage(frameUrl: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html><body>
    <iframe id="wallet" src="${frameUrl}/frame?projectId=latch-dev"></iframe>
    <script>
      window.received = []
      window.addEventListener('message', (event) => {
        window.received.push(JSON.stringify(event.data))
      })
      const wallet = document.getElementById('wallet')
      const ask = () => wallet.contentWindow.postMessage(
        { type: '@latch-app/GET_USER', id: 'probe-' + Date.now(), payload: {} }, '*')
      setInterval(ask, 200)
    </script>
  </body></html>`
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }
}

test.describe('the wallet frame and the pages that embed it', () => {
  test('a page on another loopback port framing the wallet gets nothing, not even the logged-in user', async ({
    page,
    context,
    stack,
  }) => {
    await page.goto(stack.demoUrl)
    const email = freshEmail('framed')
    const address = await loginWithEmail(page, stack, email)

    const other = await startOtherPage(stack.frameUrl)
    try {
      const attacker = await context.newPage()
      await attacker.goto(other.url)
      // Two seconds of asking every 200 ms: the frame, had it loaded and listened, would answer.
      await attacker.waitForTimeout(2_000)
      const received =
        (await attacker.evaluate(() => (window as unknown as { received: string[] }).received)) ??
        []
      const seen = received.join('\n').toLowerCase()
      expect(seen).not.toContain(address.toLowerCase())
      expect(seen).not.toContain(email.toLowerCase())
      expect(received.filter((message) => message.includes('@latch-frame/'))).toEqual([])
      await attacker.close()
    } finally {
      await new Promise((resolve) => other.server.close(resolve))
    }

    // The demo, which the project lists, still has its wallet.
    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(address)
  })
})
