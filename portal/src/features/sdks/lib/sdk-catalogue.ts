export type SdkStatus = "Official" | "Community" | "Beta";

/** How to get a library: a command that works today, a download, or an honest "coming soon". */
export type SdkAvailability =
  | { kind: "install"; commands: readonly string[] }
  | { kind: "download"; href: string; fileName: string; label: string }
  | { kind: "coming-soon"; meanwhile: string };

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
  /** Where the portal serves the Postman collection. */
  collectionHref: string;
}

/** The six SDK cards. Sluice's own libraries are not published yet, and the cards say so. */
export function sdkCatalogue({ origin, collectionHref }: CatalogueLinks): Sdk[] {
  return [
    {
      name: "Sluice for JavaScript",
      language: "TypeScript / JavaScript",
      status: "Official",
      description: "A typed client for Node.js with retries that honour Retry-After, time-outs and webhook verification.",
      availability: { kind: "coming-soon", meanwhile: "Until it is published, use fetch as in the worked example below." },
    },
    {
      name: "Sluice for Python",
      language: "Python",
      status: "Official",
      description: "A client for Python with typed models, retries that honour Retry-After, time-outs and webhook verification.",
      availability: { kind: "coming-soon", meanwhile: "Until it is published, use requests as in the worked example below." },
    },
    {
      name: "Sluice for Go",
      language: "Go",
      status: "Official",
      description: "A client for Go built on net/http and context, with retries, time-outs and webhook verification.",
      availability: { kind: "coming-soon", meanwhile: "Until it is published, use net/http as in the worked example below." },
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
