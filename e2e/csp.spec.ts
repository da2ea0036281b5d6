/**
 * The Content-Security-Policy of both builds (vite.config.ts): the meta tag is
 * there, it is in force (an injected inline script does not run), and the
 * page runs under it without a single violation — the Lab's run, the
 * lessons' and the experiments' workers included.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

/**
 * Collect every CSP complaint: the page's securitypolicyviolation events
 * (recorded by a script Playwright injects, which the policy does not
 * govern), and anything the page or its workers log about the policy.
 */
function violations(page: Page): () => Promise<string[]> {
  const logged: string[] = [];
  const watch = (text: string) => {
    if (/Content Security Policy|Refused to|unsafe-eval/i.test(text)) logged.push(text);
  };
  page.on('console', (m) => watch(m.text()));
  page.on('pageerror', (e) => logged.push(`pageerror: ${e.message}`));
  page.on('worker', (w) => w.on('console', (m) => watch(m.text())));
  void page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  return async () => [...logged, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

async function exercise(page: Page): Promise<void> {
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('cwnd-chart-reno').locator('.chart-plot')).toHaveAttribute('data-points', /^[1-9]\d*$/);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const views = page.getByRole('navigation', { name: 'Views' });
  await views.getByRole('button', { name: 'Lessons', exact: true }).click();
  await page.getByRole('button', { name: 'One lost segment', exact: true }).click();
  await expect(page.getByTestId('lesson-step-counter')).toHaveText('Step 0 of 8', { timeout: 15_000 });
  await views.getByRole('button', { name: 'Experiment', exact: true }).click();
  await page.getByRole('tab', { name: 'Compare variants' }).click();
  const form = page.getByRole('form', { name: 'Compare variants' });
  await form.getByLabel('Run length (s)', { exact: true }).fill('2');
  await form.getByRole('button', { name: 'Run comparison', exact: true }).click();
  await expect(page.getByTestId('job-status')).toHaveAttribute('data-state', 'done');
}

/** An inline script added to the page must not run, and is reported. */
async function inlineScriptIsBlocked(page: Page): Promise<void> {
  const ran = await page.evaluate(async () => {
    const w = window as unknown as { injected?: boolean };
    const blocked = new Promise<boolean>((done) => document.addEventListener('securitypolicyviolation', () => done(true), { once: true }));
    const s = document.createElement('script');
    s.textContent = 'window.injected = true';
    document.body.append(s);
    await Promise.race([blocked, new Promise((r) => setTimeout(r, 1000))]);
    return w.injected === true;
  });
  expect(ran).toBe(false);
}

function policyOf(html: string): string {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
  expect(m, 'the built page has a CSP meta tag').not.toBeNull();
  // Before anything that loads: right after <meta charset>.
  expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.search(/<script|<link|<style/));
  return m![1]!;
}

test('the site build (dist/) carries a strict policy and runs under it', async ({ page, request }) => {
  const policy = policyOf(await (await request.get('./')).text());
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("worker-src 'self';");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|blob:.*worker|sha256/);
  const found = violations(page);
  await page.goto('./');
  await exercise(page);
  expect(await found()).toEqual([]);
  await inlineScriptIsBlocked(page);
});

test('the single-file build (dist-file/) allows only its own inline script and style, and workers from blobs', async ({ page }) => {
  const file = resolve('dist-file/index.html');
  const policy = policyOf(readFileSync(file, 'utf8'));
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
  expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
  expect(policy).toContain("worker-src 'self' blob:;");
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  const found = violations(page);
  await page.goto(pathToFileURL(file).href);
  await exercise(page);
  expect(await found()).toEqual([]);
  await inlineScriptIsBlocked(page);
});
