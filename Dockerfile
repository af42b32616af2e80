# One image for both processes: the gateway (`node --import tsx/esm gateway/main.ts`)
# and the engine (`node --import tsx/esm engine/main.ts`); docker-compose.yml picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build:portal && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx/esm", "gateway/main.ts"]
