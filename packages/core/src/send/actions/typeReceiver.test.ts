import { describe, expect, it } from 'vitest'
import { RECEIVER, sendContextFixture } from '../sendContext.fixture.ts'
import { typeReceiver } from './typeReceiver.ts'

describe('typeReceiver', () => {
  it('looks a name up once typing pauses', async () => {
    const { context, state, elapse } = sendContextFixture()
    typeReceiver(context, 'alice.latch.id')
    expect(state().resolution).toEqual({ status: 'resolving', name: 'alice.latch.id' })
    await elapse()
    expect(state().resolution).toEqual({
      status: 'resolved',
      name: 'alice.latch.id',
      address: RECEIVER,
    })
  })

  it('says why a name points nowhere, and looks nothing up for an address', async () => {
    const { context, state, elapse } = sendContextFixture()
    typeReceiver(context, 'nobody.latch.id')
    await elapse()
    expect(state().resolution).toMatchObject({ status: 'error', name: 'nobody.latch.id' })
    typeReceiver(context, RECEIVER)
    expect(state()).toMatchObject({ receiver: RECEIVER, resolution: { status: 'idle' } })
  })
})
