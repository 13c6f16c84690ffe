import type { ChainNamespace } from '../siteTypes.ts'

export type ModalState = {
  open: boolean
  loading: boolean
  /** The namespace the modal was last opened for, if the caller named one. */
  namespace?: ChainNamespace
}
