export {
  createModal,
  type ModalController,
  type ModalDeps,
  type OpenModalOptions,
} from './createModal.ts'
export type { ModalState } from './types.ts'
