import { DEFAULT_EVM_COIN_TYPE, ETHEREUM_COIN_TYPE, NATIVE_TOKEN_ADDRESS } from '@latch/protocol'
import {
  type Address,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainTools } from './accountFixtures.ts'
import { devnetRpc } from './devnetTx.ts'
import { startTestServer, type TestServer } from './helpers.ts'
import {
  chainA,
  chainB,
  freshKey,
  freshLabel,
  namesApi,
  nowSeconds,
  signedBody,
  ZONE,
} from './namesFixtures.ts'
import { deploySmartAccounts } from './smartAccounts.ts'

// Contract tests from the side of a widely deployed client of this API: each call is written as
// data, the query string or body exactly as that client sends it, and each test reads back only
// the fields that client reads. That client sends the connected account as a plain 0x address to
// quotes and CAIP-10 to allowance and the build routes, sends an approval to the address in
// build-approve's `tx.from`, and registers names under coin type 60.

const CHAIN = `eip155:${chainA.chainId}`
const tools = chainTools(chainA)
const ETH = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`
const USDC_ADDRESS = tools.tokenOf('USDC').address as Address
const USDC = `${CHAIN}:${USDC_ADDRESS}`
const PROJECT = 'projectId=latch-dev&st=appkit&sv=html-wagmi-1.8.0'

/** A fresh account with 1 ETH on the first devnet chain: only this file uses it. */
async function fundedAccount() {
  const account = privateKeyToAccount(generatePrivateKey())
  await devnetRpc(chainA.rpcUrl, 'anvil_setBalance', [
    account.address,
    `0x${parseEther('1').toString(16)}`,
  ])
  return account
}

describe('calls as a deployed client makes them', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(async () => {
    await server?.close()
  })

  const get = (url: string) => server.app.inject({ method: 'GET', url })
  const post = (url: string, body: object) =>
    server.app.inject({ method: 'POST', url, payload: body })

  describe('addresses plain or CAIP-10 on every route', () => {
    /**
     * One call per route that takes an address, with `{address}` where the address goes; `read`
     * picks what the client reads and does not move between two calls a moment apart (a quote's
     * block may). Sent once with the plain address and once with its CAIP-10 id: same answer.
     */
    const CALLS: {
      route: string
      send: (address: string) => Promise<{ statusCode: number; json(): unknown }>
      read: (body: never) => unknown
    }[] = [
      {
        route: 'GET /v1/convert/quotes',
        send: (address) =>
          get(
            `/v1/convert/quotes?${PROJECT}&userAddress=${address}&from=${ETH}&to=${USDC}&amount=1000000000000000&gasPrice=1000000000`,
          ),
        read: (body: { quotes: { fromAccount: string; toAccount: string; toAmount: string }[] }) =>
          body.quotes.map((quote) => ({
            fromAccount: quote.fromAccount,
            toAccount: quote.toAccount,
            gives: BigInt(quote.toAmount) > 0n,
          })),
      },
      {
        route: 'GET /v1/convert/allowance',
        send: (address) =>
          get(`/v1/convert/allowance?${PROJECT}&tokenAddress=${USDC}&userAddress=${address}`),
        read: (body: { allowance: string }) => body.allowance,
      },
      {
        route: 'GET /v1/convert/build-approve',
        send: (address) =>
          get(`/v1/convert/build-approve?${PROJECT}&userAddress=${address}&from=${USDC}&to=${ETH}`),
        read: (body: { tx: { from: string; data: Hex; value: string } }) => ({
          from: body.tx.from,
          data: body.tx.data,
          value: body.tx.value,
        }),
      },
      {
        route: 'POST /v1/convert/build-transaction',
        send: (address) =>
          post(`/v1/convert/build-transaction?${PROJECT}`, {
            projectId: 'latch-dev',
            userAddress: address,
            from: ETH,
            to: USDC,
            amount: '1000000000000000',
            eip155: { slippage: 1 },
            disableEstimate: true,
          }),
        read: (body: { tx: { from: string; to: string; amount: string } }) => ({
          from: body.tx.from,
          to: body.tx.to,
          amount: body.tx.amount,
        }),
      },
      {
        route: 'GET /v1/account/{address}/balance',
        send: (address) =>
          get(`/v1/account/${address}/balance?${PROJECT}&chainId=${CHAIN}&currency=usd`),
        read: (body: { balances: { symbol: string; quantity: { numeric: string } }[] }) =>
          body.balances.map((balance) => [balance.symbol, balance.quantity.numeric]),
      },
      {
        route: 'GET /v1/account/{address}/history',
        send: (address) => get(`/v1/account/${address}/history?${PROJECT}&chainId=${CHAIN}`),
        read: (body: { data: unknown[] }) => body.data,
      },
      {
        route: 'GET /v1/identity/{address}',
        send: (address) => get(`/v1/identity/${address}?${PROJECT}&sender=${address}`),
        read: (body: { name: string | null }) => body.name,
      },
      {
        route: 'GET /v1/profile/reverse/{address}',
        send: (address) => get(`/v1/profile/reverse/${address}?${PROJECT}&apiVersion=2`),
        read: (body: { name: string }[]) => body.map((record) => record.name),
      },
    ]

    it.each(CALLS)('$route answers a plain address as its CAIP-10 id', async (call) => {
      const account = await fundedAccount()
      const plain = await call.send(account.address)
      const caip10 = await call.send(`${CHAIN}:${account.address}`)
      expect(plain.statusCode, JSON.stringify(plain.json())).toBe(200)
      expect(caip10.statusCode, JSON.stringify(caip10.json())).toBe(200)
      expect(call.read(plain.json() as never)).toEqual(call.read(caip10.json() as never))
    })

    it('makes a plain userAddress CAIP-10 on the chain of the token ids (quotes and builds)', async () => {
      const account = await fundedAccount()
      const built = await post(`/v1/convert/build-transaction?${PROJECT}`, {
        projectId: 'latch-dev',
        userAddress: account.address,
        from: ETH,
        to: USDC,
        amount: '1000000000000000',
        eip155: { slippage: 1 },
        disableEstimate: true,
      })
      expect((built.json() as { tx: { from: string } }).tx.from).toBe(`${CHAIN}:${account.address}`)
    })

    it('refuses a plain address when nothing in the call names its chain: 400 saying so', async () => {
      const account = freshKey()
      const noChain = await get(
        `/v1/convert/quotes?${PROJECT}&userAddress=${account.address}&from=${NATIVE_TOKEN_ADDRESS}&to=${USDC_ADDRESS}&amount=1000`,
      )
      expect(noChain.statusCode).toBe(400)
      expect(noChain.json().message).toMatch(
        /^querystring\.userAddress: userAddress is a plain address and nothing else in the call names its chain: send it as CAIP-10 \(eip155:<chain id>:0x/,
      )
      // With chainId, the same plain addresses are on that chain.
      const withChain = await get(
        `/v1/convert/allowance?${PROJECT}&tokenAddress=${USDC_ADDRESS}&userAddress=${account.address}&chainId=${CHAIN}`,
      )
      expect(withChain.statusCode, withChain.body).toBe(200)
      expect(withChain.json()).toEqual({ allowance: '0' })
    })
  })

  describe('GET /v1/convert/build-approve', () => {
    it('answers the token contract in tx.from: sent there by the account, the allowance appears', async () => {
      const account = await fundedAccount()
      const user = `${CHAIN}:${account.address}`
      const wallet = createWalletClient({ account, transport: http(chainA.rpcUrl) })
      /** Sends what the client sends: to, data, value and gas price; the wallet fills the rest. */
      const sendAsClient = async (tx: {
        to: Address
        data: Hex
        value: bigint
        gasPrice: bigint
      }) => {
        const hash = await wallet.sendTransaction({ ...tx, chain: null, type: 'legacy' })
        const receipt = await tools.publicClient.waitForTransactionReceipt({ hash })
        expect(receipt.status).toBe('success')
        return receipt
      }
      const plainOf = (id: string) => id.split(':')[2] as Address

      // Some USDC first: the swap the client builds with its plain userAddress.
      const buy = await post(`/v1/convert/build-transaction?${PROJECT}`, {
        projectId: 'latch-dev',
        userAddress: account.address,
        from: ETH,
        to: USDC,
        amount: parseEther('0.1').toString(),
        eip155: { slippage: 1 },
      })
      expect(buy.statusCode, buy.body).toBe(200)
      const swap = buy.json().tx as {
        to: string
        data: Hex
        amount: string
        eip155: { gasPrice: string }
      }
      await sendAsClient({
        to: plainOf(swap.to),
        data: swap.data,
        value: BigInt(swap.amount),
        gasPrice: BigInt(swap.eip155.gasPrice),
      })

      const allowance = async () => {
        const response = await get(
          `/v1/convert/allowance?${PROJECT}&tokenAddress=${USDC}&userAddress=${user}`,
        )
        expect(response.statusCode, response.body).toBe(200)
        return (response.json() as { allowance: string }).allowance
      }
      expect(await allowance()).toBe('0')

      const response = await get(
        `/v1/convert/build-approve?${PROJECT}&userAddress=${user}&from=${USDC}&to=${ETH}`,
      )
      expect(response.statusCode, response.body).toBe(200)
      const { tx } = response.json() as {
        tx: { from: string; to: string; data: Hex; value: string; eip155: { gasPrice: string } }
      }
      // `tx.from` names the token contract, never the user (sent there, an approval does nothing).
      expect(plainOf(tx.from).toLowerCase()).toBe(USDC_ADDRESS.toLowerCase())
      expect(tx.to).toBe(tx.from)
      expect(tx.value).toBe('0')
      expect(decodeFunctionData({ abi: erc20Abi, data: tx.data })).toMatchObject({
        functionName: 'approve',
        args: [chainA.contracts.uniswapV2Router02, maxUint256],
      })

      const receipt = await sendAsClient({
        to: plainOf(tx.from),
        data: tx.data,
        value: BigInt(tx.value),
        gasPrice: BigInt(tx.eip155.gasPrice),
      })
      expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase())
      expect(await allowance()).toBe(maxUint256.toString())
    })
  })

  describe('POST /v1/profile/account with an every-EVM-chain coin type', () => {
    const names = () => namesApi(server)

    it.each([
      ['60 (ENSIP-11 Ethereum, as clients send for any EVM address)', ETHEREUM_COIN_TYPE],
      ["2147483648 (ENSIP-19's default EVM coin type)", DEFAULT_EVM_COIN_TYPE],
    ])(
      'registers under coin type %s, looked up and shown on every configured chain',
      async (_, coinType) => {
        // Neither devnet chain is Ethereum (chain 1): the coin type must hold on both all the same.
        expect([chainA.chainId, chainB.chainId]).not.toContain(1)
        const api = names()
        const signer = freshKey()
        const name = `${freshLabel()}.${ZONE}`
        const message = { name, attributes: {}, timestamp: nowSeconds() }
        const body = await signedBody(signer, message, { coinType })
        expect(body).toEqual({
          coin_type: coinType,
          address: signer.address,
          message: JSON.stringify(message),
          signature: expect.stringMatching(/^0x/),
        })
        const registered = await api.register(body)
        expect(registered.statusCode, registered.body).toBe(200)

        // A client reading ENSIP-11 finds the address under the coin type it registered with.
        const lookup = await api.lookup(name)
        expect(lookup.statusCode).toBe(200)
        expect(lookup.json().addresses).toEqual({
          [String(coinType)]: { address: signer.address, created: expect.any(String) },
        })
        for (const chain of [chainA, chainB])
          expect(
            (await api.identity(signer.address, `?chainId=eip155:${chain.chainId}`)).json().name,
          ).toBe(name)
        expect((await api.reverse(signer.address)).json()[0].name).toBe(name)
      },
    )

    it('checks a smart account where it lives: one deployed on the second chain alone registers under 60', async () => {
      const api = names()
      const wallets = await deploySmartAccounts(chainB)
      expect(await tools.publicClient.getCode({ address: wallets.deployed })).toBeUndefined()
      const name = `${freshLabel()}.${ZONE}`
      const message = { name, attributes: {}, timestamp: nowSeconds() }
      const body = await signedBody(wallets.owner, message, {
        coinType: ETHEREUM_COIN_TYPE,
        address: wallets.deployed,
      })
      const registered = await api.register(body)
      expect(registered.statusCode, registered.body).toBe(200)
      // A stranger's signature for that account is still refused on every chain.
      const stranger = await signedBody(
        wallets.owner,
        { ...message, name: `${freshLabel()}.${ZONE}` },
        {
          coinType: ETHEREUM_COIN_TYPE,
          address: wallets.deployed,
          signWith: freshKey(),
        },
      )
      const refused = await api.register(stranger)
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
        status: 401,
        message: 'Invalid signature',
      })
    })
  })
})
