/** Saves text as a file through a temporary Blob URL (nothing is uploaded). */
export function downloadText(text: string, fileName: string, type = "application/json"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
