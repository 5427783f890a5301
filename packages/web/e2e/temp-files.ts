import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Files for a spec file's uploads and downloads, each in a directory of its own (an upload keeps the file's
 * name) under one temp directory that is removed after the spec file's tests. Call it at a file's top level.
 */
export function tempFiles(prefix: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  /** The path of a new file `name`, holding `text` when given. */
  return (name: string, text?: string) => {
    const file = path.join(fs.mkdtempSync(path.join(root, 'f-')), name);
    if (text !== undefined) fs.writeFileSync(file, text);
    return file;
  };
}
