import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { climb, resolveImport, serverSrc } from '../layers.js';

/** Every import of the server's own files (relative, `@console/server/...`, static or dynamic) from src/. */
function imports() {
  const files = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(serverSrc, f));
  return files.flatMap((file) =>
    ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.flatMap((i) => {
      const target = resolveImport(file, i.fileName);
      return target ? [{ file, target }] : [];
    }),
  );
}
const src = (p: string) => path.join(serverSrc, p);

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

  it('judges a feature importing another, however it is spelled', () => {
    const from = src('sending/x.ts');
    expect(climb(from, resolveImport(from, '@console/server/src/features/offers/offers.repo.ts')!)).toEqual({
      from: 'sending',
      to: 'features',
    });
    const offers = src('features/offers/offers.service.ts');
    expect(climb(offers, resolveImport(offers, '../tags/tags.repo.ts')!)).toEqual({
      from: 'features/offers',
      to: 'features/tags',
    });
    expect(climb(offers, resolveImport(offers, './offers.repo.ts')!)).toBeUndefined();
    const dynamic = ts.preProcessFile("const m = await import('../tags/tags.repo.ts');", true, true);
    expect(dynamic.importedFiles.map((i) => i.fileName)).toEqual(['../tags/tags.repo.ts']);
  });

  it("lets a feature's kind import its kit, never another kind, and the kit no kind", () => {
    const pmta = src('features/relays/pmta/pmta-relays.service.ts');
    expect(climb(pmta, resolveImport(pmta, '../relays.repo.ts')!)).toBeUndefined();
    expect(climb(pmta, resolveImport(pmta, './pmta-servers.repo.ts')!)).toBeUndefined();
    expect(climb(pmta, resolveImport(pmta, '../smtp/smtp-relays.repo.ts')!)).toEqual({
      from: 'features/relays/pmta',
      to: 'features/relays/smtp',
    });
    const kit = src('features/campaigns/campaigns.service.ts');
    expect(climb(kit, resolveImport(kit, './smtp-campaigns/smtp-campaigns.repo.ts')!)).toEqual({
      from: 'features/campaigns',
      to: 'features/campaigns/smtp-campaigns',
    });
    const other = src('features/offers/offers.service.ts');
    expect(climb(other, resolveImport(other, '../relays/pmta/pmta-relays.repo.ts')!)).toEqual({
      from: 'features/offers',
      to: 'features/relays',
    });
  });

  it('judges a climbing import as one', () => {
    expect(climb(path.join(serverSrc, 'sending/x.ts'), path.join(serverSrc, 'features/y/y.repo.ts'))).toEqual({
      from: 'sending',
      to: 'features',
    });
    expect(climb(path.join(serverSrc, 'features/y/y.ts'), path.join(serverSrc, 'sending/x.ts'))).toBeUndefined();
  });
});
