import fs from 'node:fs';

/**
 * The browser used by e2e and bench, resolved in one place: CHROMIUM_PATH, else Debian's Chromium,
 * else Playwright's own browser where a machine has one installed (undefined lets Playwright choose).
 */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p));
}
