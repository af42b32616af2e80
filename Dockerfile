# One image for both processes, gateway and engine, running the compiled JavaScript with plain
# node; docker-compose.yml picks each service's command. Three stages: the build (every
# dependency, the TypeScript compiled into dist/ and the portal into portal/dist), the production
# dependencies alone, and the image, which holds only what production runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production
# Datasets (uploads, Parquet files): docker-compose.yml mounts one volume here in every service that reads them.
ENV DATA_DIR=/var/lib/sluice/datasets
WORKDIR /app
# package.json marks the compiled files as ES modules.
COPY package.json ./
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/portal/dist ./portal/dist
RUN mkdir -p /var/lib/sluice/datasets && chown node:node /var/lib/sluice/datasets
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "dist/gateway/main.js"]
