import { RefreshCw, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { PERMISSION_LABELS, type ApiKey } from "../../../../../core/contracts/api-keys";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { formatAbsoluteTime, formatExpiry, formatLastUsed, formatPastTime, keyStatus } from "../lib/key-display";
import { ModeBadge, StatusBadge, UsageSummary } from "./key-badges";

interface ApiKeyListProps {
  keys: ApiKey[];
  now: number;
  onRotate: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}

/** A table from the `xl` breakpoint; below it cards, two columns from `md`, one on phones (360 px included). */
export function ApiKeyList(props: ApiKeyListProps) {
  return (
    <>
      <KeyTable {...props} />
      <KeyCards {...props} />
    </>
  );
}

/** A time as text with the exact UTC time as a tooltip and in `dateTime`. */
function RelativeTime({ iso, text }: { iso: string; text: string }) {
  return (
    <time dateTime={iso} title={formatAbsoluteTime(iso)}>
      {text}
    </time>
  );
}

function LastUsed({ keyItem, now }: { keyItem: ApiKey; now: number }) {
  const text = formatLastUsed(keyItem.last_used_at, now);
  return keyItem.last_used_at ? <RelativeTime iso={keyItem.last_used_at} text={text} /> : <>{text}</>;
}

function Expiry({ keyItem, now }: { keyItem: ApiKey; now: number }) {
  const text = formatExpiry(keyItem.expires_at, now);
  if (!keyItem.expires_at || !text) return null;
  return (
    <p className="mt-1 text-xs text-slate-600">
      <RelativeTime iso={keyItem.expires_at} text={text} />
    </p>
  );
}

/** Wraps anywhere on phones; on one line in the table. */
function MaskedKey({ masked, nowrap = false }: { masked: string; nowrap?: boolean }) {
  return <code className={cn("font-mono text-xs text-slate-700", nowrap ? "whitespace-nowrap" : "break-all")}>{masked}</code>;
}

type KeyActionsProps = { keyItem: ApiKey; stacked?: boolean } & Omit<ApiKeyListProps, "keys">;

function KeyActions({ keyItem, now, onRotate, onDelete, stacked = false }: KeyActionsProps) {
  const canRotate = keyStatus(keyItem, now) === "active";
  return (
    <div className={stacked ? "flex w-26 flex-col gap-2" : "flex flex-wrap gap-2"}>
      {canRotate && (
        <Button variant="secondary" size="sm" onClick={() => onRotate(keyItem)} aria-label={`Rotate ${keyItem.name}`}>
          <RefreshCw aria-hidden className="size-4" />
          Rotate
        </Button>
      )}
      <Button
        variant="secondary"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        onClick={() => onDelete(keyItem)}
        aria-label={`Delete ${keyItem.name}`}
      >
        <Trash2 aria-hidden className="size-4" />
        Delete
      </Button>
    </div>
  );
}

const TH = "px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";

function KeyTable({ keys, now, onRotate, onDelete }: ApiKeyListProps) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm xl:block">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Your API keys, newest first</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              Key
            </th>
            <th scope="col" className={TH}>
              Permission
            </th>
            <th scope="col" className={TH}>
              Usage this month
            </th>
            <th scope="col" className={TH}>
              Last used
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={TH}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {keys.map((key) => (
            <tr key={key.id} className="align-top">
              <th scope="row" className="px-3 py-4 text-left font-normal">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold break-words text-slate-900">{key.name}</span>
                  <ModeBadge mode={key.mode} />
                </span>
                <span className="mt-1 block">
                  <MaskedKey masked={key.masked} nowrap />
                </span>
                <span className="mt-1 block text-xs text-slate-600">
                  Created <RelativeTime iso={key.created_at} text={formatPastTime(key.created_at, now)} />
                </span>
              </th>
              <td className="px-3 py-4 whitespace-nowrap text-slate-800">{PERMISSION_LABELS[key.permission]}</td>
              <td className="px-3 py-4">
                <UsageSummary used={key.usage_this_month} cap={key.monthly_cap} />
              </td>
              <td className="px-3 py-4 whitespace-nowrap text-slate-800">
                <LastUsed keyItem={key} now={now} />
              </td>
              <td className="px-3 py-4">
                <StatusBadge status={keyStatus(key, now)} />
                <Expiry keyItem={key} now={now} />
              </td>
              <td className="px-3 py-4">
                <div className="flex justify-end">
                  <KeyActions keyItem={key} now={now} onRotate={onRotate} onDelete={onDelete} stacked />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CardDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function KeyCards({ keys, now, onRotate, onDelete }: ApiKeyListProps) {
  return (
    <ul aria-label="Your API keys, newest first" className="grid gap-4 md:grid-cols-2 xl:hidden">
      {keys.map((key) => (
        <li key={key.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 font-semibold break-words text-slate-900">{key.name}</h3>
            <span className="flex shrink-0 gap-1.5">
              <ModeBadge mode={key.mode} />
              <StatusBadge status={keyStatus(key, now)} />
            </span>
          </div>
          <p className="mt-2 rounded-md bg-slate-50 px-2.5 py-1.5">
            <MaskedKey masked={key.masked} />
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3">
            <CardDetail term="Permission">{PERMISSION_LABELS[key.permission]}</CardDetail>
            <CardDetail term="Last used">
              <LastUsed keyItem={key} now={now} />
            </CardDetail>
            <div className="col-span-2">
              <CardDetail term="Usage this month">
                <UsageSummary used={key.usage_this_month} cap={key.monthly_cap} />
              </CardDetail>
            </div>
            <CardDetail term="Created">
              <RelativeTime iso={key.created_at} text={formatPastTime(key.created_at, now)} />
            </CardDetail>
            {key.expires_at && (
              <CardDetail term="Expiry">
                <RelativeTime iso={key.expires_at} text={formatExpiry(key.expires_at, now) ?? ""} />
              </CardDetail>
            )}
          </dl>
          <div className="mt-4 border-t border-slate-200 pt-4">
            <KeyActions keyItem={key} now={now} onRotate={onRotate} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}
