import { Download, FileCode2, SquareArrowOutUpRight } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button";
import { POSTMAN_COLLECTION_FILE } from "../lib/postman-collection";

/** The machine-readable API: the reference, the Postman collection and the OpenAPI document. */
export function ApiResources() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      <a href="/reference" className={buttonClasses("primary")}>
        <SquareArrowOutUpRight aria-hidden className="size-4" />
        API reference
      </a>
      <a href={`/${POSTMAN_COLLECTION_FILE}`} download={POSTMAN_COLLECTION_FILE} className={buttonClasses("secondary")}>
        <Download aria-hidden className="size-4" />
        Download Postman collection
      </a>
      <a href="/openapi.yaml" className={buttonClasses("secondary")}>
        <FileCode2 aria-hidden className="size-4" />
        OpenAPI document
      </a>
    </div>
  );
}
