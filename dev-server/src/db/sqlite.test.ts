import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteWithHandle } from './sqlite';

// The render tier runs as another user (decision 045): the database file and a folder created for
// it must not be readable by other local users, whatever the umask.
test('a new database file and its new folder are readable by their owner only', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-mode-'));
  const previous = process.umask(0o022);
  try {
    const file = path.join(root, 'data', 'site.db');
    const { handle } = openSqliteWithHandle(file);
    handle.close();
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  } finally {
    process.umask(previous);
    fs.rmSync(root, { recursive: true, force: true });
  }
});
