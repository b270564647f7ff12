# syntax=docker/dockerfile:1
# Maya Market: the built server on production dependencies only, as a non-root user, with the
# embedded database (when DATABASE_URL is unset), uploads and the mail outbox in the /data volume.
# scripts/production-check.mjs takes the same steps without a container (CI runs it).
#
#   docker build -t maya-market \
#     --build-arg REVISION="$(git rev-parse HEAD)" --build-arg CREATED="$(date -u +%FT%TZ)" .
#   docker run --init -p 3000:3000 -v maya-data:/data maya-market
#
# `--init` (compose.yaml: `init: true`) makes a small init process PID 1: it passes SIGTERM on to
# the server, which drains, and reaps any child process that ends.
ARG NODE_VERSION=22

# The manifests alone first, so the dependency layers are reused while only sources change.
FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# Everything, devDependencies included, to build the web app and bundle the server.
FROM manifests AS build
# The git commit the server reports (maya_build_info, /healthz); the context holds no .git.
ARG REVISION=
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN MAYA_COMMIT="$REVISION" npm run build

# Production dependencies only: what the built server imports (the page renderer in dist-ssr is
# bundled with the web app's libraries, which are devDependencies).
FROM manifests AS production-dependencies
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
# The image's version is the root package.json's (tooling/compose.test.ts keeps them equal).
ARG VERSION=1.0.0
ARG REVISION=
ARG CREATED=
LABEL org.opencontainers.image.title="Maya Market" \
      org.opencontainers.image.description="A marketplace of local businesses and clients, with chat and an assistant" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}"
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness: the process answers. (Readiness, /readyz, is the load balancer's question: a server
# whose database is down is not broken, and restarting it would not bring the database back.)
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains: /readyz 503 for SHUTDOWN_DELAY_MS, then in-flight requests get 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "apps/server/dist/server.mjs"]
