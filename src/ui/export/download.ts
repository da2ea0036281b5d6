/**
 * Save files from the page. A static page has no server to send them from, so
 * they are made into a Blob and downloaded through a temporary link. Zipping
 * is in ./zip.ts, fetched when a zip is first made.
 */

export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadJson(fileName: string, value: unknown): void {
  downloadBlob(fileName, new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }));
}

/** A file-name-safe form of a scenario name: "Single drop, Reno" → "single-drop-reno". */
export function slug(name: string, fallback = 'scenario'): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return s || fallback;
}
