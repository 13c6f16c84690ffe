import { USER_REJECTED_CODE } from '@latch/protocol/frame'
import { describe, expect, it } from 'vitest'
import { TRANSACTION_REFUSED_CODE } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import { createApprovalQueue } from './approvalQueue.ts'
import type { ApprovalDecision, ApprovalRequest, ApprovalScreen } from './types.ts'

const account = '0x00000000000000000000000000000000000000aa'

function request(id: string): ApprovalRequest {
  return { id, method: 'personal_sign', params: ['0x68690a', account], chainId: 31337, account }
}

/** A screen that records what it shows and lets the test click. */
function recordingScreen() {
  const log: string[] = []
  let decide: ((decision: ApprovalDecision) => void) | undefined
  const screen: ApprovalScreen = {
    show(shown, onDecision) {
      log.push(`show ${shown.id}`)
      decide = onDecision
    },
    showPreparing(onDecision) {
      log.push('preparing')
      decide = onDecision
    },
    showApproving() {
      log.push('approving')
    },
    hide() {
      log.push('hide')
    },
  }
  return { screen, log, click: (decision: ApprovalDecision) => decide?.(decision) }
}

describe('createApprovalQueue', () => {
  it('runs the call once the user approves, then empties the screen', async () => {
    const { screen, log, click } = recordingScreen()
    const queue = createApprovalQueue(screen)
    const result = queue.request(request('a'), async () => '0xsignature')
    expect(log).toEqual(['show a'])
    click('approve')
    await expect(result).resolves.toBe('0xsignature')
    expect(log).toEqual(['show a', 'approving', 'hide'])
    expect(queue.size).toBe(0)
  })

  it('fails with code 4001 on reject, without running the call', async () => {
    const { screen, click } = recordingScreen()
    const queue = createApprovalQueue(screen)
    let ran = false
    const result = queue.request(request('a'), async () => {
      ran = true
    })
    click('reject')
    await expect(result).rejects.toMatchObject({
      message: 'User rejected the request',
      code: USER_REJECTED_CODE,
    })
    expect(ran).toBe(false)
  })

  it('shows one approval at a time, in order', async () => {
    const { screen, log, click } = recordingScreen()
    const queue = createApprovalQueue(screen)
    const first = queue.request(request('a'), async () => 'A')
    const second = queue.request(request('b'), async () => 'B')
    expect(log).toEqual(['show a'])
    expect(queue.size).toBe(2)
    click('reject')
    await expect(first).rejects.toThrow('User rejected the request')
    expect(log).toEqual(['show a', 'show b'])
    click('approve')
    await expect(second).resolves.toBe('B')
  })

  it('ignores a second click on the same screen', async () => {
    const { screen, click } = recordingScreen()
    const queue = createApprovalQueue(screen)
    let runs = 0
    const result = queue.request(request('a'), async () => ++runs)
    click('approve')
    click('approve')
    click('reject')
    await expect(result).resolves.toBe(1)
  })

  it('forwards the call error after approval', async () => {
    const { screen, click } = recordingScreen()
    const queue = createApprovalQueue(screen)
    const result = queue.request(request('a'), async () => {
      throw new FrameRequestError('insufficient funds')
    })
    click('approve')
    await expect(result).rejects.toThrow('insufficient funds')
  })

  it('rejectAll fails the waiting ones but lets an approved call finish', async () => {
    const { screen, log, click } = recordingScreen()
    const queue = createApprovalQueue(screen)
    let finish: (value: string) => void = () => {}
    const approved = queue.request(
      request('a'),
      () => new Promise<string>((resolve) => (finish = resolve)),
    )
    click('approve')
    const waiting = queue.request(request('b'), async () => 'B')
    queue.rejectAll()
    await expect(waiting).rejects.toMatchObject({ code: USER_REJECTED_CODE })
    finish('A')
    await expect(approved).resolves.toBe('A')
    expect(log).toEqual(['show a', 'approving', 'hide'])
  })

  it('rejectAll on a shown approval empties the screen', async () => {
    const { screen, log } = recordingScreen()
    const queue = createApprovalQueue(screen)
    const shown = queue.request(request('a'), async () => 'A')
    queue.rejectAll(new FrameRequestError('Not signed in'))
    await expect(shown).rejects.toThrow('Not signed in')
    expect(log).toEqual(['show a', 'hide'])
    expect(queue.size).toBe(0)
  })

  it('a request that cannot go through never runs; closing it fails with its reason', async () => {
    const { screen, click } = recordingScreen()
    const queue = createApprovalQueue(screen)
    let ran = false
    const reason = 'Not enough ETH for the network fee: you need 0.000042 ETH more'
    const result = queue.request({ ...request('a'), refusal: reason }, async () => {
      ran = true
    })
    click('approve')
    expect(ran).toBe(false)
    click('reject')
    await expect(result).rejects.toMatchObject({ message: reason, code: TRANSACTION_REFUSED_CODE })
    expect(ran).toBe(false)
  })

  it('shows a request once its details arrive; an abort meanwhile draws nothing', async () => {
    const { screen, log, click } = recordingScreen()
    const queue = createApprovalQueue(screen)
    let arrive: (value: ApprovalRequest) => void = () => {}
    const details = new Promise<ApprovalRequest>((resolve) => (arrive = resolve))
    const aborted = queue.request(details, async () => 'A')
    expect(log).toEqual(['preparing'])
    queue.rejectAll()
    await expect(aborted).rejects.toMatchObject({ code: USER_REJECTED_CODE })
    arrive(request('a'))
    await details
    expect(log).toEqual(['preparing', 'hide'])

    const later = queue.request(Promise.resolve(request('b')), async () => 'B')
    await Promise.resolve()
    await Promise.resolve()
    expect(log).toEqual(['preparing', 'hide', 'preparing', 'show b'])
    click('approve')
    await expect(later).resolves.toBe('B')
  })

  it('says it checks the fee while the details are on their way: Approve does nothing, Reject fails it', async () => {
    const { screen, log, click } = recordingScreen()
    const queue = createApprovalQueue(screen)
    const shownBefore = queue.request(request('a'), async () => 'A')
    click('approve')
    await expect(shownBefore).resolves.toBe('A')
    expect(log).toEqual(['show a', 'approving', 'hide'])

    let arrive: (value: ApprovalRequest) => void = () => {}
    let ran = false
    const details = new Promise<ApprovalRequest>((resolve) => (arrive = resolve))
    const costed = queue.request(details, async () => {
      ran = true
    })
    // Drawn at once, replacing the screen before it: not blank, not the previous request.
    expect(log.at(-1)).toBe('preparing')
    click('approve')
    expect(ran).toBe(false)
    click('reject')
    await expect(costed).rejects.toMatchObject({ code: USER_REJECTED_CODE })
    // Its details arriving late draw nothing: it is gone.
    arrive(request('b'))
    await details
    expect(log).toEqual(['show a', 'approving', 'hide', 'preparing', 'hide'])
    expect(ran).toBe(false)
  })
})
