# syntax=docker/dockerfile:1

# Build the client and the server bundle with every dependency, then ship only what runs.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim AS runtime
# Only the server's packages: the client's are devDependencies, built into client/dist above.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/client/dist ./client/dist
COPY --from=build /app/server/dist ./server/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Semi-spaces of at most 4 MB: a small heap at rest without promoting every request's garbage
# under load; an old generation that may double before V8 collects it, so a rush meets fewer
# full collections (see scripts/lib/server-process.ts). --expose-gc: the server collects its
# garbage when it goes quiet (server/src/plugins/quiet-collection.ts).
CMD ["node","--max-semi-space-size=4","--heap-growing-percent=100","--no-allocation-site-pretenuring","--expose-gc","server/dist/main.js"]
