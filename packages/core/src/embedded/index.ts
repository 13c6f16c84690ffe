// The embedded wallet's kit side; the frame client, its iframe and the approval flow load lazily
// (frameClient.ts, frameElement.ts, approve.ts are imported only by dynamic import here).
export type {
  ConnectedUser,
  EmbeddedAccountType,
  SocialLoginProvider,
} from '@latch/protocol/frame'
export { approvalTitle } from './approvalTitle.ts'
export {
  EMBEDDED_CONNECTOR_ID,
  type EmbeddedConnectorOptions,
  type EmbeddedConnectorProperties,
  embeddedConnector,
} from './connector.ts'
export { cooldownMessage } from './cooldown.ts'
export {
  createEmbedded,
  type Embedded,
  type EmbeddedController,
  type EmbeddedDeps,
} from './createEmbedded.ts'
export { INVALID_EMAIL_MESSAGE, INVALID_OTP_MESSAGE } from './emailLogin.ts'
export {
  EmbeddedProviderError,
  FrameLoadError,
  FrameRequestError,
  FrameTimeoutError,
} from './errors.ts'
export type { ApprovalRequest, EmbeddedProvider, RequestArguments } from './provider.ts'
export { LOGIN_CANCELLED_MESSAGE, POPUP_BLOCKED_MESSAGE } from './socialLogin.ts'
export {
  isSocialLoginProvider,
  SOCIAL_PROVIDER_NAMES,
  type SocialLoginOption,
} from './socialNames.ts'
export type {
  EmbeddedState,
  EmbeddedStep,
  FrameBox,
  FrameClient,
  FrameHost,
  FrameStatus,
  PopupWindow,
} from './types.ts'
export { embeddedAccountPatch, embeddedWalletInfo } from './walletInfo.ts'
