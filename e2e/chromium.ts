/**
 * How Playwright launches the system's Chromium (Debian's /usr/bin/chromium,
 * or $CHROMIUM_PATH): `npx playwright install` cannot download browsers here,
 * and CI installs Chromium with apt instead (.ci/run). Shared by the browser
 * tests and the page benchmark.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumLaunch(extraArgs: string[] = []): { executablePath: string; args: string[] } {
  return { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] };
}
