import type { EventsController } from '../events/createEvents.ts'
import type { LatchEvent } from '../events/types.ts'
import type { Sender } from './createSender.ts'

/**
 * Hands the instance's events to the sender, whose code loads with the first event (so a page
 * that never opens the modal loads none of it). `load` resolves undefined when analytics is off
 * for this page: then the subscription ends and nothing is kept.
 */
export function connectAnalytics(
  events: Pick<EventsController, 'subscribe'>,
  load: () => Promise<Pick<Sender, 'push'> | undefined>,
): void {
  let sender: Pick<Sender, 'push'> | undefined
  let early: [LatchEvent, number][] | undefined
  const unsubscribe = events.subscribe((event, timestamp) => {
    if (sender) return sender.push(event, timestamp)
    if (early) {
      early.push([event, timestamp])
      return
    }
    early = [[event, timestamp]]
    load().then(
      (loaded) => {
        if (!loaded) return unsubscribe()
        sender = loaded
        for (const [queued, at] of early ?? []) loaded.push(queued, at)
        early = undefined
      },
      // The sender's code did not load: usage events are best effort, the page goes on.
      () => unsubscribe(),
    )
  })
}
