import type { EmbeddedState } from './types.ts'

/** No login under way, the frame not loaded. */
export const initialEmbeddedState = (): EmbeddedState => ({
  step: 'idle',
  frame: 'unloaded',
  pending: false,
})
