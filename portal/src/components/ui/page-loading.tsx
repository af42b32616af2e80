/** Placeholder while a lazily loaded page or the session loads. */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4">
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    </div>
  );
}
