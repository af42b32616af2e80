import { Download } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button";
import { CSV_EXPORTS } from "../api/admin-api";

/** The users and billing CSV downloads (same origin; the session cookie goes along). */
export function CsvExports() {
  return (
    <>
      {CSV_EXPORTS.map(({ href, label }) => (
        <a key={href} href={href} download className={buttonClasses("secondary", "sm")}>
          <Download aria-hidden className="size-4" />
          {label}
        </a>
      ))}
    </>
  );
}
