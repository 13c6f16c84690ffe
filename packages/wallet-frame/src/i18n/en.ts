// The approval screen's own words in English (the fallback, inline); each other language is a chunk.
export const en = {
  preparing: 'Checking the network fee…',
  account: 'Account',
  close: 'Close',
  reject: 'Reject',
  approve: 'Approve',
  approving: 'Approving...',
  originHint: 'The address of the site asking, as your browser reports it',
  'Sign message': 'Sign message',
  'Sign typed data': 'Sign typed data',
  'Approve transaction': 'Approve transaction',
  'Approve calls': 'Approve calls',
  'Grant permissions': 'Grant permissions',
  'Revoke permissions': 'Revoke permissions',
  'Approve user operation': 'Approve user operation',
  'Sign transaction': 'Sign transaction',
  'Sign transactions': 'Sign transactions',
  'Approve request': 'Approve request',
} as const

export type ScreenTextKey = keyof typeof en
export type ScreenText = Readonly<Record<ScreenTextKey, string>>
