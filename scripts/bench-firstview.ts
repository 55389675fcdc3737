/**
 * First view of every page type, for npm run bench: in Chromium with a cold cache (a new browser
 * context per page), gzip -9 of every script the page loaded (the budget's measure: at most 150 KB
 * on every page type; reported, never enforced here, e2e `budget.spec.ts` enforces the
 * article's), what went over the wire, request counts, the time until the page is live, and how many
 * copies of React / React DOM ran.
 */
import zlib from 'node:zlib';
import type { Browser } from '@playwright/test';
import { countReactDomRenderers, readCopies } from '../e2e/instrumentation';
import type { PageType, Session } from './bench-pages';
import { markdownTable, verdict } from './bench-report';

export const FIRST_VIEW_BUDGET_KB = 150;

/**
 * React's own scripts among those a page loaded: every shared module is its own chunk, so the
 * chunks of react, react/jsx-runtime, react-dom and react-dom/client (with the scheduler) hold
 * nothing else. React DOM's chunks carry the DevTools hook's name, React's the element symbol.
 */
export function isReactScript(code: string): boolean {
  return code.includes('__REACT_DEVTOOLS_GLOBAL_HOOK__') || code.includes('react.transitional.element');
}

export type FirstViewRow = {
  page: string;
  path: string;
  jsKb: number;
  sentKb: number;
  reactKb: number;
  /** Pictures the first view downloaded: bytes as sent, and how many. */
  imageKb: number;
  images: number;
  /** The design system's web fonts the first view downloaded (decision 035). */
  fontKb: number;
  jsFiles: number;
  requests: number;
  liveMs: number;
  reactCopies: number;
  reactDomCopies: number;
  remotes: string;
};

/** The remote a port belongs to: the bench serves remote i (1-5) on the site's port + i. */
export function remoteName(offset: number): string {
  return ['?', 'paywall', 'library', 'store', 'video', 'visual-library'][offset] ?? `port+${offset}`;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

async function measurePage(browser: Browser, origin: string, type: PageType, session: Session | undefined): Promise<FirstViewRow> {
  const port = Number(new URL(origin).port);
  const context = await browser.newContext();
  if (type.signedIn) {
    if (!session) throw new Error(`${type.name} needs a session`);
    await context.addCookies(session.cookies.map((c) => ({ ...c, domain: new URL(origin).hostname })));
  }
  try {
    const page = await context.newPage();
    await page.addInitScript(countReactDomRenderers);
    const scripts: Promise<{ gzip: number; sent: number; react: boolean }>[] = [];
    const media: Promise<{ kind: 'image' | 'font'; bytes: number }>[] = [];
    const ports = new Set<string>();
    let requests = 0;
    page.on('request', (r) => {
      requests++;
      const u = new URL(r.url());
      if (u.port !== String(port)) ports.add(u.port);
    });
    page.on('response', (res) => {
      const kind = res.request().resourceType();
      if (kind === 'image' || kind === 'font') {
        media.push(
          res.body().then(
            (b) => ({ kind, bytes: b.length }),
            () => ({ kind, bytes: 0 }),
          ),
        );
      }
      if (kind === 'script') {
        scripts.push(
          Promise.all([res.body(), res.request().sizes()]).then(
            ([b, sizes]) => ({ gzip: zlib.gzipSync(b, { level: 9 }).length, sent: sizes.responseBodySize, react: isReactScript(b.toString('utf8')) }),
            () => ({ gzip: 0, sent: 0, react: false }),
          ),
        );
      }
    });
    const started = Date.now();
    await page.goto(origin + type.path);
    // Live: the app hydrated (`html[data-hydrated]`), and every remote slot settled: not loading,
    // and its server-rendered HTML taken over by the remote's code (no `data-hydrating`).
    await page.waitForFunction(
      () =>
        document.documentElement.hasAttribute('data-hydrated') &&
        [...document.querySelectorAll('[data-mfe-status]')].every((s) => s.getAttribute('data-mfe-status') !== 'loading' && !s.hasAttribute('data-hydrating')),
      undefined,
      { timeout: 30_000 },
    );
    const liveMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts);
    const loaded = await Promise.all(media);
    const pictures = loaded.filter((m) => m.kind === 'image' && m.bytes > 0);
    const copies = await page.evaluate(readCopies);
    return {
      page: type.name,
      path: type.path,
      jsKb: kb(sizes.reduce((a, b) => a + b.gzip, 0)),
      sentKb: kb(sizes.reduce((a, b) => a + b.sent, 0)),
      reactKb: kb(sizes.reduce((a, b) => a + (b.react ? b.gzip : 0), 0)),
      imageKb: kb(pictures.reduce((a, b) => a + b.bytes, 0)),
      images: pictures.length,
      fontKb: kb(loaded.filter((m) => m.kind === 'font').reduce((a, b) => a + b.bytes, 0)),
      jsFiles: sizes.length,
      requests,
      liveMs,
      reactCopies: copies.react,
      reactDomCopies: copies.reactDom,
      remotes:
        [...ports]
          .sort()
          .map((p) => remoteName(Number(p) - port))
          .join(', ') || 'none',
    };
  } finally {
    await context.close();
  }
}

export function firstViewTable(rows: FirstViewRow[]): string {
  return markdownTable(
    [
      'page',
      'path',
      'JS gzip (KB)',
      `<= ${FIRST_VIEW_BUDGET_KB} KB`,
      'JS sent (KB)',
      'JS / React',
      'pictures (KB)',
      'pictures',
      'fonts (KB)',
      'JS files',
      'requests',
      'live (ms)',
      'React copies',
      'React DOM copies',
      'remotes fetched',
    ],
    ['l', 'l', 'r', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    rows.map((r) => [
      r.page,
      `\`${r.path}\``,
      r.jsKb.toFixed(1),
      verdict(r.jsKb <= FIRST_VIEW_BUDGET_KB),
      r.sentKb.toFixed(1),
      r.reactKb > 0 ? (r.jsKb / r.reactKb).toFixed(2) : '-',
      r.imageKb.toFixed(1),
      r.images,
      r.fontKb.toFixed(1),
      r.jsFiles,
      r.requests,
      r.liveMs,
      r.reactCopies,
      r.reactDomCopies,
      r.remotes,
    ]),
  );
}

/** Measures every page type in turn; a page that fails is reported and the others go on. */
export async function firstViewFigures(
  browser: Browser,
  origin: string,
  pages: PageType[],
  session: Session | undefined,
): Promise<{ console: string; markdown: string }> {
  const rows: FirstViewRow[] = [];
  const failures: string[] = [];
  for (const type of pages) {
    try {
      rows.push(await measurePage(browser, origin, type, session));
    } catch (error) {
      failures.push(`${type.name} (\`${type.path}\`) was not measured: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  const table = firstViewTable(rows);
  const met = rows.filter((r) => r.jsKb <= FIRST_VIEW_BUDGET_KB).length;
  const summary = `First-view JS at most ${FIRST_VIEW_BUDGET_KB} KB gzip: met on ${met} of ${rows.length} page types.`;
  const failText = failures.length ? `\n\n${failures.join('\n')}` : '';
  const intro = `Production builds, each remote on its own port, headless Chromium, a cold cache per page (a new browser
context), on this project's 2-core machine. JS gzip is gzip -9 of every script the first view loaded, the
budget's measure (at most ${FIRST_VIEW_BUDGET_KB} KB on every page type; reported here, e2e \`budget.spec.ts\` enforces
the article's). "JS sent" is what went over the wire: the build's brotli twins (decision 025), a script under
1 KB as it is. "Live" is the time from navigation until the app hydrated (\`html[data-hydrated]\`) and every
remote slot left \`loading\` and was taken over by its remote's code (no \`data-hydrating\`). React copies
counts distinct React instances reported by the parts, React DOM copies the renderers registered with the
React DevTools hook (one of each expected). "JS / React" divides the page's JS gzip by React's own bytes on
that page (the chunks of react, react/jsx-runtime, react-dom and react-dom/client with the scheduler,
${rows[0] ? rows[0].reactKb.toFixed(1) : '?'} KB on the first page). My Library signed in is the demo reader's (reader@example.com),
signed in through \`POST /authenticate\` and its cookies given to the browser context. Pictures and fonts are
the bytes of every image and web font the page downloaded until the network was idle (lazy pictures below
the fold are not among them), as sent (already compressed formats: AVIF, WebP, woff2).`;
  return {
    console: `\nFirst view (JS gzip budget ${FIRST_VIEW_BUDGET_KB} KB)\n${table}\n${summary}${failText}`,
    markdown: `## First view of every page type\n\n${intro}\n\n${table}\n\n${summary}${failText}`,
  };
}
