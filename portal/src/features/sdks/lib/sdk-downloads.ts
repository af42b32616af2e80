/** Where every portal build puts the SDKs' archives (scripts/sdk-archives.ts writes them). */
export const SDK_DOWNLOADS = {
  typescript: "downloads/sluice-sdk-1.0.0.tgz",
  python: "downloads/sluice-sdk-python-1.0.0.tar.gz",
  go: "downloads/sluice-go-1.0.0.tar.gz",
} as const;
