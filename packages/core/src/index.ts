export { type ApiClient, createApiClient, HttpStatusError } from './api/client.ts'
export { SDK_TYPE, SDK_VERSION } from './constants.ts'
export { createLatch, type Latch, type LatchConfig } from './createLatch.ts'
export { LatchError } from './errors.ts'
