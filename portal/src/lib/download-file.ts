/** Saves a Blob as a file through a temporary link: the browser's own download, under `fileName` (nothing is uploaded). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; a moment later the object URL may go.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Saves text as a file. */
export function downloadText(text: string, fileName: string, type = "application/json"): void {
  saveFile(new Blob([text], { type }), fileName);
}
