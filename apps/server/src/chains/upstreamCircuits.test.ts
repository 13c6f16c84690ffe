import { HttpRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { UpstreamCircuits, UpstreamDownError } from './upstreamCircuits.ts'

const URL = 'http://127.0.0.1:1/rpc'
const refused = () => new HttpRequestError({ url: URL, details: 'connect ECONNREFUSED' })

describe('an upstream circuit', () => {
  it('sends calls made together after an outage one probe first, then the rest, all answered', async () => {
    const circuits = new UpstreamCircuits()
    await expect(
      circuits.through(URL, async () => {
        throw refused()
      }),
    ).rejects.toThrow(HttpRequestError)
    const order: string[] = []
    const answer = (name: string) => async () => {
      order.push(name)
      return name
    }
    // Both start before either runs: the first is the probe, the second waits for its answer.
    const results = await Promise.all([
      circuits.through(URL, answer('probe')),
      circuits.through(URL, answer('second')),
    ])
    expect(results).toEqual(['probe', 'second'])
    expect(order).toEqual(['probe', 'second'])
  })

  it('refuses the calls that waited on a probe the upstream did not answer', async () => {
    const circuits = new UpstreamCircuits()
    const fail = async () => {
      throw refused()
    }
    await expect(circuits.through(URL, fail)).rejects.toThrow(HttpRequestError)
    const [probe, waiting] = await Promise.allSettled([
      circuits.through(URL, fail),
      circuits.through(URL, async () => 'never sent'),
    ])
    expect(probe.status === 'rejected' && probe.reason).toBeInstanceOf(HttpRequestError)
    expect(waiting.status === 'rejected' && waiting.reason).toBeInstanceOf(UpstreamDownError)
  })
})
