import type { FastifyInstance } from 'fastify'
import { RedisConnection } from './connection.ts'

/**
 * A listener's one connection to Redis (REDIS_URL), opened in the background and closed with the
 * app: the listener starts, and answers, whether or not Redis is there. None without a URL.
 */
export function openRedis(
  app: FastifyInstance,
  options: { url: string | undefined; timeoutMs: number },
): RedisConnection | undefined {
  if (!options.url) return undefined
  const redis = new RedisConnection(options.url, {
    timeoutMs: options.timeoutMs,
    log: app.log,
  }).start()
  app.addHook('onClose', () => redis.close())
  return redis
}
