import { KeyRound, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import type { ApiKey, CreatedKey } from "../../../../../core/contracts/api-keys";
import { Button } from "../../../components/ui/button";
import { useNow } from "../../../hooks/use-now";
import { useApiKeys } from "../hooks/use-api-keys";
import { API_KEY_MESSAGES } from "../lib/key-messages";
import { ApiKeyList } from "./api-key-list";
import { CreateKeyDialog } from "./create-key-dialog";
import { DeleteKeyDialog } from "./delete-key-dialog";
import { RotateKeyDialog } from "./rotate-key-dialog";
import { SecretDialog, type RotationNote } from "./secret-dialog";

/** At most one dialog at a time. A secret exists only while its dialog is open. */
type OpenDialog =
  | { kind: "create" }
  | { kind: "delete"; key: ApiKey }
  | { kind: "rotate"; key: ApiKey }
  | { kind: "secret"; created: CreatedKey; rotation?: RotationNote };

/** The dashboard's API keys section (SPEC section 2): list, create, rotate and delete keys. */
export function ApiKeysSection() {
  const { state, reload, createKey, deleteKey, forgetKey, rotateKey } = useApiKeys();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const sectionRef = useRef<HTMLDivElement>(null);
  const now = useNow();
  const close = () => setDialog(null);
  const openCreate = () => setDialog({ kind: "create" });

  function onCreated(created: CreatedKey) {
    toast.success(API_KEY_MESSAGES.created);
    setDialog({ kind: "secret", created });
  }

  function onRotated(created: CreatedKey, graceHours: number) {
    toast.success(API_KEY_MESSAGES.rotated);
    setDialog({ kind: "secret", created, rotation: { graceHours } });
  }

  const hasKeys = state.status === "ready" && state.data.length > 0;

  return (
    <div ref={sectionRef} tabIndex={-1} className="focus:outline-none">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl leading-relaxed text-slate-600">
          Keys authenticate your requests to the Sluice API: send one as{" "}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm whitespace-nowrap text-slate-800">Authorization: Bearer &lt;key&gt;</code>. Each key has
          its own permission and monthly cap.
        </p>
        {hasKeys && (
          <Button onClick={openCreate} className="shrink-0 self-start">
            <Plus aria-hidden className="size-4" />
            Create API Key
          </Button>
        )}
      </div>

      <div className="mt-6">
        {state.status === "loading" && <LoadingKeys />}
        {state.status === "error" && <LoadFailed onRetry={() => reload(true)} />}
        {state.status === "ready" && state.data.length === 0 && <NoKeys onCreate={openCreate} />}
        {state.status === "ready" && state.data.length > 0 && (
          <ApiKeyList
            keys={state.data}
            now={now}
            onRotate={(key) => setDialog({ kind: "rotate", key })}
            onDelete={(key) => setDialog({ kind: "delete", key })}
          />
        )}
      </div>

      {dialog?.kind === "create" && <CreateKeyDialog createKey={createKey} onCreated={onCreated} onClose={close} />}
      {dialog?.kind === "secret" && <SecretDialog created={dialog.created} rotation={dialog.rotation} onClose={close} />}
      {dialog?.kind === "delete" && (
        <DeleteKeyDialog keyItem={dialog.key} deleteKey={deleteKey} forgetKey={forgetKey} onClose={close} fallbackFocusRef={sectionRef} />
      )}
      {dialog?.kind === "rotate" && (
        <RotateKeyDialog keyItem={dialog.key} rotateKey={rotateKey} onRotated={onRotated} onClose={close} fallbackFocusRef={sectionRef} />
      )}
    </div>
  );
}

function LoadingKeys() {
  return (
    <div>
      <p role="status" className="text-sm text-slate-600">
        Loading API keys...
      </p>
      <div aria-hidden className="mt-4 space-y-3">
        {[0, 1].map((row) => (
          <div key={row} className="h-20 animate-pulse rounded-2xl bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="rounded-2xl border border-red-200 bg-red-50 p-6">
      <p className="font-semibold text-red-900">Your API keys could not be loaded.</p>
      <p className="mt-1 text-sm text-red-900">Check your connection and try again.</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function NoKeys({ onCreate }: { onCreate: () => void }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <KeyRound aria-hidden className="mx-auto size-10 text-brand-700" />
      <h2 className="mt-4 text-lg font-semibold text-slate-900">No API keys yet</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">Create a key to start calling the API. You choose its permission and monthly cap.</p>
      <Button onClick={onCreate} className="mt-6">
        <Plus aria-hidden className="size-4" />
        Create API Key
      </Button>
    </div>
  );
}
