import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDataFolder } from './backup';

/*
 * The copy of an embedded database's folder behind an online backup (backup.ts `takePgliteBackup`): a first pass
 * while the database works, a final pass in the quiet moment that makes the copy the folder as it then is.
 */
describe('copyDataFolder', () => {
  let root: string;
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('copies everything, then in a later pass only what changed since, new files and folders, and drops what went', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'medcalc-backup-copy-'));
    const from = path.join(root, 'from');
    const to = path.join(root, 'to');
    await mkdir(path.join(from, 'base', '1'), { recursive: true });
    await mkdir(path.join(from, 'pg_tblspc'));
    await writeFile(path.join(from, 'base', '1', 'settled'), 'settled');
    await writeFile(path.join(from, 'base', '1', 'written'), 'before');
    await writeFile(path.join(from, 'base', '1', 'renamed over'), 'old');
    await writeFile(path.join(from, 'gone'), 'gone');
    // Files untouched for longer than the margin of file times (2 s) are not copied again by the final pass.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const copying = await copyDataFolder(from, to);
    expect(await readFile(path.join(to, 'base', '1', 'written'), 'utf8')).toBe('before');
    expect(existsSync(path.join(to, 'pg_tblspc'))).toBe(true);

    // While the first pass's copy stands, the database writes on.
    await writeFile(path.join(from, 'base', '1', 'written'), 'after, longer');
    await rm(path.join(from, 'gone'));
    await mkdir(path.join(from, 'base', '2'));
    await writeFile(path.join(from, 'base', '2', 'new'), 'new');
    // A file renamed over a copied one keeps its own old modification time; its change time is new.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await writeFile(path.join(from, 'replacement'), 'replaced');
    await utimes(path.join(from, 'replacement'), hourAgo, hourAgo);
    await rename(path.join(from, 'replacement'), path.join(from, 'base', '1', 'renamed over'));
    // Marks the copy of the settled file: the final pass must leave it as it is.
    await writeFile(path.join(to, 'base', '1', 'settled'), 'not copied again');

    await copying.pass();
    expect(await readFile(path.join(to, 'base', '1', 'written'), 'utf8')).toBe('after, longer');
    expect(await readFile(path.join(to, 'base', '2', 'new'), 'utf8')).toBe('new');
    expect(await readFile(path.join(to, 'base', '1', 'renamed over'), 'utf8')).toBe('replaced');
    expect(existsSync(path.join(to, 'replacement'))).toBe(false);
    expect(existsSync(path.join(to, 'gone'))).toBe(false);
    expect(await readFile(path.join(to, 'base', '1', 'settled'), 'utf8')).toBe('not copied again');
  });
});
