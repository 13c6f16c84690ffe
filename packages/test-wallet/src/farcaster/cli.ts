/**
 * `npm run farcaster-app -w @latch/test-wallet -- '<connect URI>' [--decline] [--account NAME]
 * [--manifest path]`: a Farcaster app holding a devnet account's custody key (alice unless told).
 * Shows what the channel behind the URI (the link under the demo's Farcaster QR code) asks, then
 * signs in to it, or declines it.
 */
import { parseArgs } from 'node:util'
import { defaultManifestPath, readManifest } from '@latch/devnet'
import { devnetFarcasterApp } from './farcasterApp.ts'

const usage =
  "usage: npm run farcaster-app -w @latch/test-wallet -- '<connect URI>' [--decline] [--account NAME] [--manifest path]"

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    decline: { type: 'boolean', default: false },
    account: { type: 'string' },
    manifest: { type: 'string', default: defaultManifestPath },
    help: { type: 'boolean', short: 'h', default: false },
  },
})
const [uri] = positionals
if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (!uri?.includes('channelToken=')) fail(usage)

const manifest = await readManifest(values.manifest).catch((error: Error) => fail(error.message))
const { farcaster } = manifest
if (!farcaster) fail('this devnet runs no Farcaster relay (restart it with `npm start`)')
const names = farcaster.accounts.map((account) => account.username)
if (values.account && !names.includes(values.account))
  fail(`--account must be one of ${names.join(', ')}, got ${values.account}`)

try {
  const app = devnetFarcasterApp(farcaster, values.account)
  const asked = await app.request(uri)
  console.log(
    `sign in to ${asked.domain} (${asked.siweUri}) as @${app.account.username}, fid ${app.account.fid}`,
  )
  if (values.decline) {
    await app.decline(uri)
    console.log('declined')
  } else {
    const { message } = await app.approve(uri)
    console.log(`signed and sent:\n${message}`)
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}
