# The Latch server as its package installs it (@latch/server: the API, the embedded wallet's page on
# its second origin, the owner's dashboard), packed from this repository.
#   docker build -t latch-server .
#   docker run --env-file latch.env -p 8787:8787 -p 8788:8788 latch-server
# docs/deployment.md lists the environment it needs (NODE_ENV=production refuses to start without
# WALLET_MASTER_KEY) and the rest of a production setup.

# Node 22 LTS: the tests run on Node 20, which is past its end of life; some of the server's
# dependencies (the API docs' static files, Fastify's inject) already ask for 22.
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. The two packages the server needs, packed as npm would publish them: @latch/protocol, and
# @latch/server, whose pack builds its JavaScript and puts in the wallet frame's page and the
# dashboard, built with Vite. Only this stage holds sources and dev dependencies: the workspaces
# present are installed, not the devnet's chains or the browsers.
FROM ${NODE_IMAGE} AS pack
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json LICENSE ./
COPY scripts/build.ts scripts/
COPY packages/protocol packages/protocol
COPY packages/wallet-frame packages/wallet-frame
COPY apps/dashboard apps/dashboard
COPY apps/server apps/server
RUN npm ci --no-audit --no-fund && mkdir /tarballs \
  && npm pack -w @latch/protocol -w @latch/server --pack-destination /tarballs

# 2. What runs: the two tarballs installed as a site owner installs them (production dependencies
# only, no TypeScript and no sources), run by the unprivileged `node` user.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787 FRAME_PORT=8788 DATA_DIR=/data
WORKDIR /app
COPY --from=pack /tarballs /tarballs
RUN npm install --omit=dev --no-audit --no-fund /tarballs/*.tgz \
  && rm -rf /tarballs && npm cache clean --force
# DATA_DIR is written only with PGlite (a single instance); production uses PostgreSQL.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8787 8788
# /health answers 200 while the database answers (status "degraded" names a chain or Redis down).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node_modules/.bin/latch-server"]
