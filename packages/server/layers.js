// The server's layers, top to bottom (docs/conventions.md, "Layers"): a file may import its own layer
// or any layer below it, never one above. Read by eslint.config.js (lint) and src/layers.test.ts (npm test),
// so both judge imports by one table.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverSrc = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

/** Rank of each top-level entry of src/ (a folder or a file): higher imports lower, never the reverse. */
export const layers = [
  ['main', ['main.ts', 'archive-load.ts']],
  ['app', ['app.ts', 'bootstrap.ts']],
  ['routes/workers', ['routes.ts', 'workers.ts', 'import-thread.ts', 'import-kinds.ts']],
  ['features', ['features']],
  ['pmta', ['pmta']],
  ['sending', ['sending']],
  ['tracking', ['tracking']],
  ['suppression', ['suppression']],
  ['core', ['core']],
  ['db', ['db', 'env.ts']],
];

const rankOf = new Map(layers.flatMap(([name, entries], i) => entries.map((e) => [e, { name, rank: i }])));

/** The absolute path an import names: relative to the importing file, or through the package's name. */
export function resolveImport(fromFile, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  const pkg = '@console/server/';
  if (source.startsWith(pkg)) return path.join(serverSrc, '..', source.slice(pkg.length));
  return undefined;
}

/** The feature folder of a path under src/features/, or undefined. */
const featureOf = (file) => {
  const parts = path.relative(serverSrc, file).split(path.sep);
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : undefined;
};

/**
 * Features stand alone (issue 41, item 1): a feature imports no other feature; what two features share moves
 * down a layer. A feature with kinds (campaigns: pmta-campaigns/, smtp-campaigns/; relays: pmta/, smtp/) keeps
 * what its kinds share in its own top folder (the kit); a kind imports the kit, never another kind, and the
 * kit imports no kind (issue 41, item 2, decision 1450; the web's rule, decision 1120).
 * The features with kinds and their kinds' folders (a feature's other sub-folders, such as
 * email-lists/import/, are parts of its kit).
 */
export const featureKinds = {
  campaigns: ['pmta-campaigns', 'smtp-campaigns'],
  relays: ['pmta', 'smtp'],
};

/** The kind folder of a path under src/features/<feature>/<kind>/, or undefined (the feature's kit). */
const kindOf = (file) => {
  const parts = path.relative(serverSrc, file).split(path.sep);
  return parts[0] === 'features' && parts.length > 3 && featureKinds[parts[1]]?.includes(parts[2])
    ? parts[2]
    : undefined;
};

/** The layer of an absolute file path inside src/, or undefined (outside src/, or not in the table). */
export function layerOf(file) {
  const rel = path.relative(serverSrc, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rankOf.get(rel.split(path.sep)[0]);
}

/** Test code (tests, their helpers and set-ups) may reach any layer: it builds the whole app. */
export const isTestFile = (file) => /(\.test|test-helpers|test-setup|\.test-data)\.ts$/.test(file);

/**
 * Why `from` may not import `to` (both absolute paths), or undefined when it may: { from, to } layer names
 * when the import climbs, `features/a` and `features/b` when one feature imports another, or
 * `features/a[/k]` and `features/a/j` when a feature's kit or kind imports another kind.
 */
export function climb(from, to) {
  if (isTestFile(from)) return undefined;
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b) return undefined;
  if (b.rank < a.rank) return { from: a.name, to: b.name };
  const [fa, fb] = [featureOf(from), featureOf(to)];
  if (fa && fb && fa !== fb) return { from: `features/${fa}`, to: `features/${fb}` };
  const [ka, kb] = [kindOf(from), kindOf(to)];
  if (fa && fa === fb && kb && ka !== kb)
    return { from: `features/${fa}${ka ? `/${ka}` : ''}`, to: `features/${fb}/${kb}` };
  return undefined;
}
