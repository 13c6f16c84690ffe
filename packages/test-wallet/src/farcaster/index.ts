export {
  type ApprovalTampering,
  type ChannelRequest,
  createFarcasterApp,
  devnetFarcasterApp,
  type FarcasterApp,
  type FarcasterAppAccount,
  type FarcasterAppOptions,
  type FarcasterApproval,
} from './farcasterApp.ts'
