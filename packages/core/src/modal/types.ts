import type { ChainNamespace } from '../options/types.ts'

export type ModalState = {
  open: boolean
  loading: boolean
  /** The namespace the modal was last opened for, if the caller named one. */
  namespace?: ChainNamespace
}
