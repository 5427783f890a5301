import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { climb, serverSrc } from '../layers.js';

/** Every relative import of every source file under src/, resolved to an absolute path. */
function imports() {
  const files = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(serverSrc, f));
  return files.flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.filter((i) => i.fileName.startsWith('.'))
      .map((i) => ({ file, target: path.resolve(path.dirname(file), i.fileName) })),
  );
}

describe('server layers (main -> app -> routes/workers -> features -> pmta -> sending -> tracking -> suppression -> core -> db)', () => {
  it('no import climbs to a layer above its own', () => {
    const all = imports();
    expect(all.length).toBeGreaterThan(500); // the walk saw the tree
    const climbing = all.flatMap(({ file, target }) => {
      const c = climb(file, target);
      return c
        ? [`${path.relative(serverSrc, file)} (${c.from}) -> ${path.relative(serverSrc, target)} (${c.to})`]
        : [];
    });
    expect(climbing).toEqual([]);
  });

  it('judges a climbing import as one', () => {
    expect(climb(path.join(serverSrc, 'sending/x.ts'), path.join(serverSrc, 'features/y/y.repo.ts'))).toEqual({
      from: 'sending',
      to: 'features',
    });
    expect(climb(path.join(serverSrc, 'features/y/y.ts'), path.join(serverSrc, 'sending/x.ts'))).toBeUndefined();
  });
});
