import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Response,
} from 'playwright-core';
import { ExpectationError } from './expect.js';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  // Shared memory in the temporary folder: a container's /dev/shm (64 MB) makes pages crash, and
  // Debian's launcher, which would add this flag there, cannot read the size of a /dev/shm that
  // is mounted twice.
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Chromium; every journey page gets a context of its own (no shared cookies). */
export interface BrowserHandle {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** False once the browser process is gone (it crashed or was killed). */
  isConnected(): boolean;
  close(): Promise<void>;
  version: string;
}

/**
 * Launches Chromium once. When a plain launch fails (some distribution builds refuse it), each
 * context is a persistent one in its own temporary profile instead, which always works with
 * Debian's chromium.
 */
export async function launchBrowser(executablePath: string): Promise<BrowserHandle> {
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    console.log(
      `chromium.launch failed (${(error as Error).message.split('\n')[0]}); using persistent contexts`,
    );
  }
  if (browser) {
    const launched = browser;
    return {
      version: launched.version(),
      newContext: (options) => launched.newContext(options),
      isConnected: () => launched.isConnected(),
      close: () => launched.close(),
    };
  }
  const profiles: string[] = [];
  const contexts: BrowserContext[] = [];
  return {
    version: 'persistent',
    // Each context is a browser process of its own, launched when a journey asks for it.
    isConnected: () => true,
    async newContext(options) {
      const profile = await mkdtemp(join(tmpdir(), 'maya-e2e-profile-'));
      profiles.push(profile);
      const context = await chromium.launchPersistentContext(profile, {
        ...options,
        executablePath,
        headless: true,
        args: CHROMIUM_ARGS,
      });
      contexts.push(context);
      return context;
    },
    async close() {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await Promise.allSettled(
        profiles.map((profile) => rm(profile, { recursive: true, force: true })),
      );
    },
  };
}

/** A same-origin answer that is expected to fail, e.g. GET /api/v1/me → 401 when signed out. */
export interface AllowedFailure {
  path: string | RegExp;
  status: number;
}

/** Asking "who am I?" while signed out is answered 401 by design. */
export const SIGNED_OUT_ALLOWED: AllowedFailure[] = [{ path: '/api/v1/me', status: 401 }];
/** The console before its operator signs in: no member session, and no console session yet. */
export const CONSOLE_SIGNED_OUT_ALLOWED: AllowedFailure[] = [
  ...SIGNED_OUT_ALLOWED,
  { path: '/api/v1/admin/session', status: 401 },
];

export interface NewPageOptions {
  /** Same-origin failures that are part of the journey. Default: SIGNED_OUT_ALLOWED. */
  allow?: AllowedFailure[];
  viewport?: { width: number; height: number };
  contextOptions?: BrowserContextOptions;
}

export interface PageIssues {
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  cspViolations: string[];
  /** Cross-origin requests (answered locally so runs never touch the network); not failures. */
  externalRequests: string[];
}

export interface PageSession {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  issues: PageIssues;
  /** Navigates to a same-origin path; fails unless the document answers < 400 with a CSP. */
  goto(path: string): Promise<Response>;
  /** Waits for the network to go quiet and for loading indicators to disappear. */
  settle(): Promise<void>;
  /** Throws, listing everything, if any console error, page error, failed request or CSP report. */
  expectNoIssues(): void;
  close(): Promise<void>;
}

// A 1×1 transparent PNG: the answer to any cross-origin image (map tiles, avatars elsewhere).
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function matches(allowed: AllowedFailure, path: string, status: number): boolean {
  if (allowed.status !== status) return false;
  return typeof allowed.path === 'string' ? allowed.path === path : allowed.path.test(path);
}

export async function newPage(
  browser: BrowserHandle,
  baseUrl: string,
  options: NewPageOptions = {},
): Promise<PageSession> {
  const origin = new URL(baseUrl).origin;
  const allow = options.allow ?? SIGNED_OUT_ALLOWED;
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    baseURL: baseUrl,
    serviceWorkers: 'block',
    ...options.contextOptions,
  });
  const issues: PageIssues = {
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    cspViolations: [],
    externalRequests: [],
  };

  // Runs are hermetic: anything cross-origin is answered here, never fetched. CSP still applies
  // first, so a request the policy forbids is reported as a violation, not answered.
  await context.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    async (route) => {
      const request = route.request();
      issues.externalRequests.push(`${request.method()} ${request.url()}`);
      if (request.resourceType() === 'image') {
        await route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL });
      } else {
        await route.fulfill({ status: 204, body: '' });
      }
    },
  );

  // The browser's own CSP report, independent of how the console words it.
  await context.exposeBinding('__mayaCspViolation', (_source, report: string) => {
    issues.cspViolations.push(report);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __mayaCspViolation?: (text: string) => void })
        .__mayaCspViolation;
      report?.(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });

  const page = await context.newPage();
  const sameOrigin = (url: string) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };
  const allowedResponses = new Set<string>();
  const resourceErrors: { text: string; key: string }[] = [];

  page.on('response', (response) => {
    const url = response.url();
    if (!sameOrigin(url) || response.status() < 400) return;
    const path = new URL(url).pathname;
    if (allow.some((allowed) => matches(allowed, path, response.status()))) {
      allowedResponses.add(`${url} ${response.status()}`);
      return;
    }
    issues.failedRequests.push(`${response.request().method()} ${path} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const errorText = request.failure()?.errorText ?? 'failed';
    // Cancelled on purpose (navigation, AbortController on unmount): not a failure of the app.
    if (!sameOrigin(request.url()) || errorText === 'net::ERR_ABORTED') return;
    issues.failedRequests.push(
      `${request.method()} ${new URL(request.url()).pathname} → ${errorText}`,
    );
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Content[- ]Security[- ]Policy/i.test(text)) {
      issues.cspViolations.push(`console: ${text}`);
      return;
    }
    const location = message.location().url;
    const status = /status of (\d{3})/.exec(text)?.[1];
    if (text.startsWith('Failed to load resource') && status) {
      // Decided when the page is checked: the response event may arrive after this message.
      resourceErrors.push({ text, key: `${location} ${status}` });
      return;
    }
    issues.consoleErrors.push(location ? `${text} (at ${location})` : text);
  });
  page.on('pageerror', (error) => {
    issues.pageErrors.push(error.stack ?? error.message);
  });

  const session: PageSession = {
    page,
    context,
    baseUrl,
    issues,
    async goto(path) {
      const response = await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'load' });
      if (!response) throw new ExpectationError(`GET ${path} gave no document response`);
      // A public page arrives prerendered and answers clicks and typing once the app has
      // hydrated it, which the app marks with <html data-ready> (apps/web/src/app/router.tsx).
      await page
        .waitForFunction(
          () =>
            document.getElementById('root')?.dataset.route === undefined ||
            document.documentElement.dataset.ready !== undefined,
          undefined,
          { timeout: 15_000 },
        )
        .catch(() => undefined);
      if (response.status() >= 400) {
        throw new ExpectationError(`GET ${path} answered ${response.status()}`);
      }
      const csp = (await response.allHeaders())['content-security-policy'];
      if (!csp || !/default-src/.test(csp)) {
        throw new ExpectationError(
          `GET ${path}: the document has no Content-Security-Policy header (got ${JSON.stringify(csp)})`,
        );
      }
      return response;
    },
    async settle() {
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      // A toast's timer is a progress bar too, and it stands still while the pointer rests on
      // the toast (pauseOnHover), as it does after a click in the top bar: it is not loading.
      const busy = page.locator(
        '[aria-busy="true"]:visible, [role="progressbar"]:visible:not(.Toastify__progress-bar)',
      );
      const deadline = Date.now() + 15_000;
      while ((await busy.count()) > 0) {
        if (Date.now() > deadline) {
          throw new ExpectationError(`${page.url()} still shows a loading indicator after 15 s`);
        }
        await page.waitForTimeout(100);
      }
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
    },
    expectNoIssues() {
      for (const { text, key } of resourceErrors.splice(0)) {
        if (!allowedResponses.has(key)) issues.consoleErrors.push(`${text} (at ${key})`);
      }
      const sections: string[] = [];
      const add = (title: string, items: string[]) => {
        if (items.length > 0)
          sections.push(`${title}:\n${items.map((item) => `  - ${item}`).join('\n')}`);
      };
      add('Console errors', issues.consoleErrors);
      add('Uncaught page errors', issues.pageErrors);
      add('Failed same-origin requests', issues.failedRequests);
      add('Content-Security-Policy violations', issues.cspViolations);
      if (sections.length > 0) {
        throw new ExpectationError(`${page.url()}\n${sections.join('\n')}`);
      }
    },
    async close() {
      await context.close().catch(() => undefined);
    },
  };
  return session;
}
