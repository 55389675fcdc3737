import { renderChartSvg, niceMax, type ChartData } from './chart-svg';
import { pageFacts, pageWindow } from './paging';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { safeReturnPath } from './redirects';
import { settingsFromEnv } from '../config';
import { databaseKind, describeDatabase } from '../db/open';
import { coverColor, renderIssueCoverSvg, wrapWords } from './issue-cover';
import { streamPageInfo } from './streams';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/2025/06/a-slug', '/2025/06/a-slug'],
    ['/search?q=a%20b#top', '/search?q=a%20b#top'],
  ])('keeps the local path %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'evil.example', '/\t/evil.example', '/a\\b', ''])('turns %j into /', (input) => {
    expect(safeReturnPath(input)).toBe('/');
  });

  it('turns a non-string (repeated query parameter) into /', () => {
    expect(safeReturnPath(['/a', '/b'])).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
  });
});

describe('paging', () => {
  it('computes offsets and the last page', () => {
    expect(pageWindow({ page: 3, size: 8 })).toEqual({ offset: 16, limit: 8 });
    expect(pageFacts({ page: 2, size: 10 }, 20)).toEqual({ number: 2, size: 10, totalPages: 2, totalElements: 20, first: false, last: true });
    expect(pageFacts({ page: 1, size: 10 }, 21)).toMatchObject({ totalPages: 3, first: true, last: false });
    expect(pageFacts({ page: 1, size: 10 }, 0)).toMatchObject({ totalPages: 0, last: true });
  });
});

describe('chart SVG', () => {
  const data: ChartData = {
    kind: 'bar',
    unit: '%',
    categories: ['North', 'South'],
    series: [{ name: 'All respondents', values: [40, 72] }],
    source: 'Illustrative',
  };

  it('draws one bar per value under a title, escaping text', () => {
    const svg = renderChartSvg('Share of <firms> & "teams"', data);
    expect(svg).toContain('<title id="chart-title">Share of &lt;firms&gt; &amp; &quot;teams&quot;</title>');
    expect(svg).not.toContain('<firms>');
    expect(svg.match(/<rect [^>]*fill="#1f5fa8"><title>/g)).toHaveLength(2);
  });

  it('is well-formed: every element opened is closed in order', () => {
    for (const svg of [renderChartSvg('A & B', data), renderChartSvg('T', { ...data, kind: 'line' })]) {
      const stack: string[] = [];
      for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
        if (closing) expect(stack.pop()).toBe(name);
        else if (!selfClosing) stack.push(name ?? '');
      }
      expect(stack).toEqual([]);
      expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    }
  });

  it('is the same for the same data and draws lines for line charts', () => {
    expect(renderChartSvg('T', data)).toBe(renderChartSvg('T', data));
    const line = renderChartSvg('T', { ...data, kind: 'line' });
    expect(line).toContain('<polyline');
  });

  it('rounds the axis to a readable maximum', () => {
    expect(niceMax(72)).toBe(100);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(0)).toBe(1);
  });
});

describe('passwords', () => {
  it('verifies the right password only, with a salted hash', async () => {
    const a = await hashPassword('Reader#2025pass');
    const b = await hashPassword('Reader#2025pass');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('Reader#2025pass', a)).toBe(true);
    expect(await verifyPassword('reader#2025pass', a)).toBe(false);
    expect(await verifyPassword('Reader#2025pass', 'not-a-hash')).toBe(false);
    expect(await burnPasswordCheck('anything')).toBe(false);
  });
});

describe('settingsFromEnv', () => {
  it('uses the local defaults', () => {
    const s = settingsFromEnv({}, '/repo');
    expect(s.port).toBe(3000);
    expect(s.databaseFile).toBe('/repo/.data/site.db');
    expect(s.shellDist).toBe('/repo/shell/dist');
    expect(s.remotes).toEqual({
      paywall: 'http://localhost:3001/mf-manifest.json',
      library: 'http://localhost:3002/mf-manifest.json',
      store: 'http://localhost:3003/mf-manifest.json',
      video: 'http://localhost:3004/mf-manifest.json',
      visualLibrary: 'http://localhost:3005/mf-manifest.json',
    });
  });

  it('reads every variable', () => {
    const s = settingsFromEnv(
      {
        PORT: '4000',
        DATABASE_FILE: '/tmp/x.db',
        PUBLIC_ORIGIN: 'https://site.example',
        REMOTE_STORE_URL: 'https://store.example/mf-manifest.json',
        SHELL_DIST: '/srv/shell',
      },
      '/repo',
    );
    expect(s).toMatchObject({ port: 4000, databaseFile: '/tmp/x.db', publicOrigin: 'https://site.example', shellDist: '/srv/shell' });
    expect(s.remotes.store).toBe('https://store.example/mf-manifest.json');
    expect(() => settingsFromEnv({ PORT: 'abc' }, '/repo')).toThrow(/PORT/);
  });

  it('selects PostgreSQL with DATABASE_URL, refuses any other URL, and never prints its password', () => {
    expect(settingsFromEnv({}, '/repo').databaseUrl).toBeUndefined();
    const s = settingsFromEnv({ DATABASE_URL: 'postgres://site:s3cret@db.internal:5432/magazine' }, '/repo');
    expect(s.databaseUrl).toBe('postgres://site:s3cret@db.internal:5432/magazine');
    expect(databaseKind(s.databaseUrl ?? s.databaseFile)).toBe('postgres');
    expect(databaseKind(s.databaseFile)).toBe('sqlite');
    expect(describeDatabase(s.databaseUrl ?? '')).toBe('postgres://site:***@db.internal:5432/magazine');
    expect(() => settingsFromEnv({ DATABASE_URL: 'mysql://db/magazine' }, '/repo')).toThrow(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the SQLite file)',
    );
  });

  it('keeps the accounts settings off or at their defaults unless set', () => {
    expect(settingsFromEnv({}, '/repo')).toMatchObject({
      rateLimits: undefined,
      exposeOutbox: false,
      captchaSecret: undefined,
      geoCountry: 'US',
      digestSecret: undefined,
    });
  });

  it('reads RATE_LIMIT_MULTIPLIER, DEV_OUTBOX, CAPTCHA_SECRET, GEO_COUNTRY and DIGEST_SECRET', () => {
    const s = settingsFromEnv(
      { RATE_LIMIT_MULTIPLIER: '20', DEV_OUTBOX: '1', CAPTCHA_SECRET: 'k', CAPTCHA_SITE_KEY: 'site', GEO_COUNTRY: 'gb', DIGEST_SECRET: 'd' },
      '/repo',
    );
    expect(s.rateLimits?.signIn.limit).toBe(30 * 20);
    expect(s.rateLimits?.forgotPassword.limit).toBe(10 * 20);
    expect(s).toMatchObject({ exposeOutbox: true, captchaSecret: 'k', geoCountry: 'GB', digestSecret: 'd' });
    expect(settingsFromEnv({ DEV_OUTBOX: '0' }, '/repo').exposeOutbox).toBe(false);
    expect(() => settingsFromEnv({ RATE_LIMIT_MULTIPLIER: '0' }, '/repo')).toThrow(/RATE_LIMIT_MULTIPLIER/);
    expect(() => settingsFromEnv({ RATE_LIMIT_MULTIPLIER: 'lots' }, '/repo')).toThrow(/RATE_LIMIT_MULTIPLIER/);
    expect(() => settingsFromEnv({ GEO_COUNTRY: 'USA' }, '/repo')).toThrow(/GEO_COUNTRY/);
  });

  it('turns maintenance on with MAINTENANCE=1 only', () => {
    expect(settingsFromEnv({}, '/repo').maintenance).toBe(false);
    expect(settingsFromEnv({ MAINTENANCE: '1' }, '/repo').maintenance).toBe(true);
    expect(settingsFromEnv({ MAINTENANCE: '0' }, '/repo').maintenance).toBe(false);
  });
});

describe('stream pages', () => {
  it('counts pages from the stream base: 0 for latest, 1 for search', () => {
    expect(streamPageInfo('latest', { number: 0, size: 8 }, 20)).toEqual({ number: 0, size: 8, totalPages: 3, totalElements: 20, last: false, offset: 0 });
    expect(streamPageInfo('latest', { number: 2, size: 8 }, 20)).toMatchObject({ last: true, offset: 16 });
    expect(streamPageInfo('search', { number: 1, size: 10 }, 10)).toMatchObject({ number: 1, totalPages: 1, last: true, offset: 0 });
    expect(streamPageInfo('search', { number: 1, size: 10 }, 0)).toMatchObject({ totalPages: 0, last: true });
  });
});

describe('issue covers', () => {
  it('wraps a cover line into at most N lines, marking a cut', () => {
    expect(wrapWords('How Leaders Can Rebuild Supplier Networks', 16, 3)).toEqual(['How Leaders Can', 'Rebuild Supplier', 'Networks']);
    expect(wrapWords('one two three four five six', 7, 2)).toEqual(['one two', 'three…']);
  });

  it('draws the same bytes for the same issue and escapes text', () => {
    const input = { code: 'BR2503', label: 'May-June', year: 2025, coverLine: 'Profit & <Loss>' };
    expect(renderIssueCoverSvg(input)).toBe(renderIssueCoverSvg(input));
    expect(renderIssueCoverSvg(input)).toContain('Profit &amp; &lt;Loss&gt;');
    expect(coverColor('BR2503')).toMatch(/^#[0-9a-f]{6}$/);
    expect(coverColor('BR2503')).not.toBe(coverColor('BR2502'));
  });
});
