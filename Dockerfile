# The Latch server (apps/server) with the embedded wallet's page it serves on its second origin.
#   docker build -t latch-server .
#   docker run --env-file latch.env -p 8787:8787 -p 8788:8788 latch-server
# docs/deployment.md lists the environment it needs (NODE_ENV=production refuses to start without
# WALLET_MASTER_KEY) and the rest of a production setup.

# Node 22 LTS: the tests run on Node 20, which is past its end of life; some of the server's
# dependencies (the API docs' static files, Fastify's inject) already ask for 22.
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. The wallet frame's page and the owner's dashboard, built with Vite: only this stage installs dev dependencies.
FROM ${NODE_IMAGE} AS frame
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json LICENSE ./
COPY scripts/build.ts scripts/
COPY packages/protocol packages/protocol
COPY packages/wallet-frame packages/wallet-frame
COPY apps/dashboard apps/dashboard
# Only the workspaces present are installed: the frame's and the dashboard's, not the devnet's
# chains or the browsers. Installing builds @latch/protocol (the root's prepare), which they import.
RUN npm ci --no-audit --no-fund && npm run build -w @latch/wallet-frame \
  && npm run build -w @latch/dashboard

# 2. The server's production dependencies: its workspace and @latch/protocol, no dev dependencies.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY packages/protocol/package.json packages/protocol/
# The root's prepare builds the kit with dev dependencies this stage leaves out: the protocol comes
# built from the first stage.
RUN npm pkg delete scripts.prepare && npm ci --omit=dev --no-audit --no-fund \
  && npm cache clean --force

# 3. What runs: sources (the server runs TypeScript through tsx, as `npm start` does), the
# dependencies and the built frame page, owned by root and run by the unprivileged `node` user.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787 FRAME_PORT=8788 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY packages/protocol/package.json packages/protocol/
COPY --from=frame /app/packages/protocol/dist packages/protocol/dist
COPY apps/server/package.json apps/server/
COPY apps/server/src apps/server/src
COPY --from=frame /app/packages/wallet-frame/dist packages/wallet-frame/dist
COPY --from=frame /app/apps/dashboard/dist apps/dashboard/dist
# DATA_DIR and .cache are written only with PGlite (single instance); production uses PostgreSQL.
RUN mkdir -p /data /app/.cache && chown node:node /data /app/.cache
USER node
EXPOSE 8787 8788
# /health answers 200 while the database answers (status "degraded" names a chain or Redis down).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
