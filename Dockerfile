# One image, two entry points, configured by environment:
#   web app:  docker run IMAGE                     (remix-serve on $PORT, default 3000)
#   indexer:  docker run IMAGE npm run indexer     (ponder start)
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
COPY --from=production-deps /app/node_modules /app/node_modules
COPY --from=build /app/build /app/build
COPY --from=build /app/public /app/public
COPY package.json remix.config.js ./
COPY abis ./abis
COPY db ./db
COPY indexer ./indexer
EXPOSE 3000
CMD ["npm", "run", "start"]
