import { mkdtemp, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDataFolder } from '../../../scripts/lib/process-tools.mjs';

/* The copy each HTTP test file's PGlite and each journey's server starts on (test/database-template.ts). */

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'medcalc-copy-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function treeOf(dir: string) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const tree: Record<string, string> = {};
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name).slice(dir.length);
    tree[path] = entry.isFile() ? (await readFile(join(dir, path))).toString('base64') : 'folder';
  }
  return tree;
}

describe('copyDataFolder', () => {
  it('copies every folder and file, empty ones too, and the copy is the copy’s own', async () => {
    const from = join(root, 'from');
    await mkdir(join(from, 'base', '1'), { recursive: true });
    await mkdir(join(from, 'pg_wal', 'archive_status'), { recursive: true });
    await writeFile(join(from, 'PG_VERSION'), '17\n');
    await writeFile(join(from, 'base', '1', '1259'), Buffer.alloc(8192, 7));
    await writeFile(join(from, 'base', '1', 'empty'), '');
    const to = join(root, 'to');

    await copyDataFolder(from, to);

    expect(await treeOf(to)).toEqual(await treeOf(from));
    expect(Object.keys(await treeOf(to))).toContain('/pg_wal/archive_status');
    await writeFile(join(to, 'base', '1', '1259'), 'changed');
    expect((await readFile(join(from, 'base', '1', '1259'))).length).toBe(8192);
  });

  it('copies into a folder that exists and is empty (a journey’s mkdtemp)', async () => {
    const from = join(root, 'from');
    await mkdir(join(from, 'pglite'), { recursive: true });
    await writeFile(join(from, 'pglite', 'PG_VERSION'), '17\n');
    const to = join(root, 'to');
    await mkdir(to);

    await copyDataFolder(from, to);

    expect(await readFile(join(to, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('refuses what is neither a file nor a folder', async () => {
    const from = join(root, 'from');
    await mkdir(from);
    await symlink('/nowhere', join(from, 'link'));

    await expect(copyDataFolder(from, join(root, 'to'))).rejects.toThrow(/link is neither/);
  });
});
