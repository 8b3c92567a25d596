# One image, three entry points, configured by environment (every variable: docs/configuration.md):
#   web app:  docker run IMAGE                          (migrates the app's tables, then server/index.ts on $PORT, default 3000;
#             /healthz: the process answers (liveness); /readyz: it can serve pages, the database answering
#             within a second and the read model in it (readiness: the health check below, a load balancer's probe))
#             server/index.ts is remix-serve's job (static files, gzip, the Remix handler) plus the page cache:
#             docs/decisions/0005-page-cache.md says why it is not remix-serve itself.
#   indexer:  docker run -e DATABASE_SCHEMA=party_<deployment> IMAGE npm run indexer:start
#             (ponder start, writing DATABASE_SCHEMA and pointing the views schema READ_MODEL_SCHEMA, default "party", at it)
#   notifier: docker run --no-healthcheck -e TELEGRAM_BOT_TOKEN=… -e APP_ORIGIN=https://… IMAGE npm run notifier
#             (the app's migrations, then Telegram messages from the read model's activity; run as many
#             replicas as you like on one database: they share the work and send each message once; it serves
#             no HTTP, hence no health check)
# Stages follow the Indie Stack: deps (all), production deps, build, runtime.

FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci --include=dev --no-audit --no-fund

FROM base AS production-deps
COPY --from=deps /app/node_modules /app/node_modules
COPY package.json package-lock.json ./
RUN npm prune --omit=dev

FROM base AS build
COPY --from=deps /app/node_modules /app/node_modules
COPY . .
RUN npm run build

FROM base AS runtime
ENV PARTY_ENV=production PONDER_TELEMETRY_DISABLED=true
COPY --from=production-deps /app/node_modules /app/node_modules
COPY --from=build /app/build /app/build
COPY --from=build /app/public /app/public
COPY package.json remix.config.js tsconfig.json ./
COPY abis ./abis
COPY db ./db
COPY server ./server
# The server reads the session cookie's name from the app's source.
COPY app ./app
COPY indexer ./indexer
COPY scripts/notifier.ts scripts/documents.ts ./scripts/
EXPOSE 3000
# Healthy while it can serve pages: unhealthy within seconds of the database or the read model going away
# (an orchestrator stops sending it traffic), healthy again by itself once they are back. Kubernetes ignores
# this line: there, /healthz is the liveness probe and /readyz the readiness probe (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --retries=2 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz',{signal:AbortSignal.timeout(2500)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
