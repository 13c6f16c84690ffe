import type { Catalogue } from '@latch/protocol/i18n'

// The demo page's own words in English: the source every other catalogue translates, and the
// fallback. Inline, as the page shows them before any chunk loads. The browser tests find the
// page's parts by these texts in English, so a change here is a change to them.
export const en = {
  'page.brand': 'Latch demo',
  'page.heading': 'A site that hosts the Latch kit',
  'page.language': 'Language',
  'page.darkTheme': 'Dark theme',
  'page.events': 'Events',
  'page.exportLogs': 'Export logs',
  'page.devnet': 'Devnet: {chains}',
  'page.noDevnet': 'No devnet manifest found',
  'server.reaching': 'Reaching the Latch server…',
  'server.online': 'Latch server online · networks {networks}',
  'server.onlineNoNetworks': 'Latch server online · networks none',
  'server.unreachable': 'Latch server unreachable: {reason}',
  'account.notConnected': 'Not connected',
  'account.connected': 'Connected {address} on {network}',
  'account.connectedUnsupported': 'Connected {address} on an unsupported network',
  'signIn.notSignedIn': 'Not signed in',
  'signIn.signedIn': 'Signed in as {address} on chain {chainId}',
  'signIn.signOut': 'Sign out',
  'tryIt.label': 'Try it',
  'tryIt.sign': 'Sign a message',
  'tryIt.send': 'Send {amount} {symbol} to yourself',
  'tryIt.waiting': 'Waiting for the wallet…',
  'tryIt.notSigned': 'Not signed: {reason}',
  'tryIt.sent': 'Sent {id}',
  'tryIt.notSent': 'Not sent: {reason}',
  'tryIt.confirmed': 'Confirmed {id}',
  'tryIt.failed': 'Failed {id}',
  'tryIt.confirmedInBlock': 'Confirmed {id} in block {block}',
  'tryIt.revertedInBlock': 'Reverted {id} in block {block}',
  'session.title': 'Smart session',
  'session.terms':
    "A session key in this page's memory may spend {limit} USDC a day on the devnet USDC token (transfer only) for {days}, with no prompt.",
  'session.grant': 'Grant a session',
  'session.waiting': 'Waiting for approval…',
  'session.granted': 'Granted until {expiry} UTC (session {session}…)',
  'session.notGranted': 'Not granted: {reason}',
  'session.spend': 'Spend {amount} USDC',
  'session.sending': 'Sending with the session key…',
  'session.spent': 'Spent {amount} USDC in {id}',
  'session.refused': 'Refused: {reason}',
} satisfies Catalogue

export type DemoMessageKey = keyof typeof en
/** The demo page's messages in one language other than English. */
export type DemoCatalogue = Catalogue<DemoMessageKey>
