export { createEvents, type EventsController, type EventsDeps } from './createEvents.ts'
export {
  type ConnectSuccessMethod,
  EVENT_NAMES,
  type EventListener,
  type EventName,
  type EventProperties,
  type EventsState,
  type EventType,
  type KnownEventProperties,
  type LatchEvent,
} from './types.ts'
