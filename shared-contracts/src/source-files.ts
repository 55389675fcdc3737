/**
 * The source files under a folder, for tests that read the code itself (which entry a part imports,
 * which classes it writes). Test-only: not exported from the package, never in a bundle.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Every file under `dir` whose name matches `name`, outside node_modules, builds and dot folders. */
export function sourceFiles(dir: string, name: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full, name);
    return name.test(e.name) ? [full] : [];
  });
}
