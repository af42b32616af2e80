/**
 * Where the portal serves the Postman collection. The build writes it there from openapi.yaml
 * (scripts/generate-postman.ts through portal/vite.config.ts); the docs page's button downloads it.
 */
export const POSTMAN_COLLECTION_FILE = "sluice.postman_collection.json";
