export {
  createMemoryStorage,
  createStorage,
  type LatchStorage,
  type StorageLike,
  type StorageLogger,
  type StorageOptions,
  type StoredValueGuard,
} from './createStorage.ts'
export { STORAGE_KEYS, STORAGE_PREFIX, type StorageKey } from './keys.ts'
