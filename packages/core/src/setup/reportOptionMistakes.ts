import type { ResolvedOptions } from '../options/types.ts'
import type { SetupReport } from './createSetupReport.ts'

/**
 * Reports, as the kit starts in the browser, the options that would otherwise take something away in
 * silence: no projectId (the server refuses every call), a `walletFrameUrl` that is no http(s)
 * URL, and email or social login (on by default) with no `walletFrameUrl` to run them in. Without
 * an EVM network neither login is offered anyway: the embedded wallet connects through it. And a
 * `walletConnect` option without the client `walletConnect()` adds: WalletConnect is off.
 */
export function reportOptionMistakes(deps: {
  options: Pick<
    ResolvedOptions,
    | 'projectIdMissing'
    | 'walletFrameUrl'
    | 'walletFrameUrlRefused'
    | 'features'
    | 'walletConnectWithoutClient'
  >
  hasEvm: boolean
  report: SetupReport
}): void {
  const { options, report } = deps
  if (options.projectIdMissing) void report((problems) => problems.projectIdNotConfigured())
  const refused = options.walletFrameUrlRefused
  if (refused)
    void report((problems) => problems.invalidWalletFrameUrl(refused.given, refused.reason))
  const loginsOffered = options.features.email || options.features.socials.length > 0
  if (deps.hasEvm && loginsOffered && !options.walletFrameUrl && !refused)
    void report((problems) => problems.loginsWithoutFrame())
  if (options.walletConnectWithoutClient)
    void report((problems) => problems.walletConnectWithoutClient())
}
