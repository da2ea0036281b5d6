/**
 * The port the browser tests serve the built page on. `PORT` overrides the
 * default so that two checkouts on one machine can run their tests side by
 * side; a server already listening there is never reused (it could be another
 * checkout's page), so a taken port fails loudly instead of testing the wrong
 * build.
 */
export function previewPort(fallback: number): number {
  const raw = process.env.PORT;
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT must be an integer from 1 to 65535, not "${raw}"`);
  }
  return port;
}
