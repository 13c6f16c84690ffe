import type { ButtonHTMLAttributes } from 'react'

/** The button a site puts in its header; the connect modal it opens arrives with the next issue. */
export function ConnectButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" data-testid="latch-connect-button" {...props}>
      Connect Wallet
    </button>
  )
}
