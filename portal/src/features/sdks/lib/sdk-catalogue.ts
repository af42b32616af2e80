import { SDK_DOWNLOADS } from "./sdk-downloads";

export type SdkStatus = "Official" | "Community" | "Beta";

/** How to get a library: commands that work today, or a download. */
export type SdkAvailability = { kind: "install"; commands: readonly string[] } | { kind: "download"; href: string; fileName: string; label: string };

export interface Sdk {
  name: string;
  language: string;
  status: SdkStatus;
  description: string;
  availability: SdkAvailability;
  /** An outside page about the tool, opened in a new tab. */
  homepage?: string;
}

interface CatalogueLinks {
  /** The API origin, for commands that read the OpenAPI document. */
  origin: string;
  /** This site's origin, which serves the SDKs' downloads. */
  siteOrigin: string;
  /** Where the portal serves the Postman collection. */
  collectionHref: string;
}

/** The six SDK cards: Sluice's own libraries install from this site's downloads. */
export function sdkCatalogue({ origin, siteOrigin, collectionHref }: CatalogueLinks): Sdk[] {
  const download = (path: string) => `${siteOrigin}/${path}`;
  return [
    {
      name: "Sluice for JavaScript",
      language: "TypeScript / JavaScript",
      status: "Official",
      description: "@sluice/sdk, compiled with types: typed methods and answers for every endpoint, an error class per failure, retries that honour Retry-After, time-outs, typed pagination, live streams and webhook verification. No dependencies.",
      availability: { kind: "install", commands: [`npm install ${download(SDK_DOWNLOADS.typescript)}`] },
    },
    {
      name: "Sluice for Python",
      language: "Python",
      status: "Official",
      description: "Standard library only, Python 3.9+: every endpoint with TypedDict answers, an error class per failure, retries that honour Retry-After, time-outs, typed pagination, live streams and webhook verification.",
      availability: { kind: "install", commands: [`pip install ${download(SDK_DOWNLOADS.python)}`] },
    },
    {
      name: "Sluice for Go",
      language: "Go",
      status: "Official",
      description: "Standard library only, built on net/http and context: every endpoint with struct answers, errors by category (errors.Is), retries, time-outs, typed iterators, live streams and webhook verification.",
      availability: {
        kind: "install",
        commands: [
          `curl -sSL ${download(SDK_DOWNLOADS.go)} | tar -xz`,
          "go mod edit -replace github.com/sluice-dev/sluice-go=./sluice-go",
          "go mod edit -require github.com/sluice-dev/sluice-go@v1.0.0",
        ],
      },
    },
    {
      name: "Postman collection",
      language: "Postman, Insomnia, Bruno",
      status: "Beta",
      description: "A request for every endpoint, generated from the OpenAPI document by every build of this site, with bearer auth and example bodies.",
      availability: { kind: "download", href: collectionHref, fileName: collectionHref.split("/").at(-1) ?? "", label: "Download collection" },
    },
    {
      name: "OpenAPI Generator",
      language: "Java, C#, Ruby, PHP, Rust and many more",
      status: "Community",
      description: "Generate a client in your language from Sluice's OpenAPI 3.1 document. Maintained by the OpenAPI Generator community.",
      availability: {
        kind: "install",
        commands: [`npx @openapitools/openapi-generator-cli generate -i ${origin}/openapi.yaml -g java -o sluice-java`],
      },
      homepage: "https://openapi-generator.tech/",
    },
    {
      name: "Standard Webhooks",
      language: "JavaScript, Python, Go, Ruby, PHP and more",
      status: "Community",
      description: "Libraries that verify the webhook-signature header of Sluice's webhooks as it is, in a line of code.",
      availability: { kind: "install", commands: ["npm install standardwebhooks", "pip install standardwebhooks"] },
      homepage: "https://www.standardwebhooks.com/",
    },
  ];
}
