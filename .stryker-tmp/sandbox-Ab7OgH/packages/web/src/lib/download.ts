/**
 * Hands a fetched file to the browser's downloads. Exports are fetched with the bearer token (a plain link
 * would carry none), then saved from the blob under `filename`.
 */
// @ts-nocheck

export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the blob to the download; free it once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
