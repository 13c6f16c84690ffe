import { expect, it } from 'vitest'
import { FrameRequestError, toFrameError, UNEXPECTED_ERROR_MESSAGE } from './errors.ts'

it("answers the frame's and the server's words, never an internal error's", () => {
  expect(toFrameError(new FrameRequestError('Not signed in'))).toEqual({ message: 'Not signed in' })
  expect(toFrameError(new FrameRequestError('User rejected the request', 4001))).toEqual({
    message: 'User rejected the request',
    code: 4001,
  })
  expect(toFrameError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toEqual({
    message: UNEXPECTED_ERROR_MESSAGE,
  })
  expect(toFrameError('boom')).toEqual({ message: UNEXPECTED_ERROR_MESSAGE })
})
