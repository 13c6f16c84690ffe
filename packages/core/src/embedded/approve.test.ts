import { describe, expect, it } from 'vitest'
import { createModal, type ModalController } from '../modal/index.ts'
import { createRouter } from '../router/index.ts'
import { createApprover } from './approve.ts'
import { FrameRequestError } from './errors.ts'
import { createTestFrame, deferred } from './testFrame.ts'

const SIGN = {
  method: 'personal_sign',
  params: ['0x68690a', '0x0000000000000000000000000000000000000001'],
  chainId: 31337,
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup(options: { signInRequired?: boolean } = {}) {
  let modal: ModalController | undefined
  const router = createRouter({ closeModal: () => modal?.close() })
  modal = createModal({
    router,
    isConnected: () => true,
    isSignInRequired: () => options.signInRequired === true,
    hasSession: () => false,
  })
  const answer = deferred<unknown>()
  const frame = createTestFrame({
    RPC_REQUEST: () => answer.promise,
    RPC_ABORT: () => {
      answer.reject(new FrameRequestError('User rejected the request', 4001))
      return {}
    },
  })
  const declined: string[] = []
  const snackbar = { showError: (message: string) => declined.push(message) }
  const approve = createApprover({ frame: async () => frame, modal, router, snackbar })
  const view = () => (modal.state.get().open ? router.state.get().view : 'closed')
  return { approve, frame, modal, router, answer, view, declined }
}

describe('createApprover (signing calls go through the approval view)', () => {
  it('opens the closed modal on ApproveTransaction, sends RPC_REQUEST, closes it after', async () => {
    const { approve, frame, answer, view } = setup()
    const signed = approve(SIGN)
    await tick()
    expect(view()).toBe('ApproveTransaction')
    expect(frame.requests).toEqual([{ name: 'RPC_REQUEST', payload: SIGN }])
    answer.resolve('0xsignature')
    await expect(signed).resolves.toBe('0xsignature')
    expect(view()).toBe('closed')
  })

  it('a Solana call goes to the frame with its network and no EVM chain', async () => {
    const { approve, frame, answer, view } = setup()
    const call = {
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQID', pubkey: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' },
      caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
    }
    const sent = approve(call)
    await tick()
    expect(view()).toBe('ApproveTransaction')
    expect(frame.requests).toEqual([{ name: 'RPC_REQUEST', payload: call }])
    answer.resolve({ signature: 'sig' })
    await expect(sent).resolves.toEqual({ signature: 'sig' })
  })

  it('pushes ApproveTransaction over an open modal and goes back after', async () => {
    const { approve, modal, router, answer, view, declined } = setup()
    modal.open({ view: 'SIWXSignMessage' })
    const signed = approve(SIGN)
    await tick()
    expect(router.state.get().history).toEqual(['SIWXSignMessage', 'ApproveTransaction'])
    answer.reject(new FrameRequestError('User rejected the request', 4001))
    await expect(signed).rejects.toMatchObject({ code: 4001 })
    expect(view()).toBe('SIWXSignMessage')
    // The view that asked (here the sign-in) tells the visitor itself.
    expect(declined).toEqual([])
  })

  it('tells the view which request it waits for, so it can title it', async () => {
    const { approve, router, answer } = setup()
    const signed = approve(SIGN)
    await tick()
    expect(router.state.get().data).toEqual({ approvalMethod: 'personal_sign' })
    answer.resolve('0xsignature')
    await signed
  })

  it('says why a request the site asked for did not go through, in plain words', async () => {
    const { approve, answer, declined } = setup()
    const sent = approve(SIGN)
    await tick()
    const reason = 'Not enough ETH for the network fee: you need 0.000042 ETH more'
    answer.reject(new FrameRequestError(reason, -32003))
    await expect(sent).rejects.toThrow(reason)
    expect(declined).toEqual([reason])
  })

  it("says 'Signature declined' when the visitor rejects an approval the site asked for", async () => {
    const { approve, answer, view, declined } = setup()
    const signed = approve(SIGN)
    await tick()
    answer.reject(new FrameRequestError('User rejected the request', 4001))
    await expect(signed).rejects.toMatchObject({ code: 4001 })
    expect(view()).toBe('closed')
    expect(declined).toEqual(['Signature declined'])
  })

  it('sends RPC_ABORT when the modal is closed during the approval', async () => {
    const { approve, frame, modal, view } = setup()
    const signed = approve(SIGN).catch((error: unknown) => error)
    await tick()
    expect(modal.close()).toBe(true)
    expect(frame.requests.map((request) => request.name)).toEqual(['RPC_REQUEST', 'RPC_ABORT'])
    expect(await signed).toMatchObject({ code: 4001 })
    expect(view()).toBe('closed')
  })

  it('sends RPC_ABORT when the visitor goes back from the approval', async () => {
    const { approve, frame, modal, router, view } = setup()
    modal.open({ view: 'Account' })
    const signed = approve(SIGN).catch((error: unknown) => error)
    await tick()
    router.goBack()
    expect(await signed).toMatchObject({ code: 4001 })
    expect(frame.requests.map((request) => request.name)).toEqual(['RPC_REQUEST', 'RPC_ABORT'])
    expect(view()).toBe('Account')
  })

  it('cannot be closed while a required sign-in has no session', async () => {
    const { approve, modal, answer, view } = setup({ signInRequired: true })
    const signed = approve(SIGN)
    await tick()
    expect(modal.close()).toBe(false)
    expect(view()).toBe('ApproveTransaction')
    answer.resolve('0xsignature')
    await signed
    // The modal the approval opened stays, on the sign-in it still needs.
    expect(view()).toBe('SIWXSignMessage')
  })

  it('shows one approval at a time', async () => {
    const { approve, frame, answer } = setup()
    const first = approve(SIGN)
    const second = approve({ ...SIGN, method: 'eth_signTypedData_v4' })
    await tick()
    expect(frame.requests).toHaveLength(1)
    answer.resolve('0xfirst')
    await first
    await tick()
    expect(frame.requests).toHaveLength(2)
    await expect(second).resolves.toBe('0xfirst')
  })
})
