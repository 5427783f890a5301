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

/**
 * Features stand alone (issue 41, item 1): a feature imports no other feature; what two features share
 * moves down a layer. The crossings still left, each to be removed (never added): the kinds of campaigns and
 * relays importing what their kinds share, until they become folders of one feature (issue 41, item 2).
 * `layers.test.ts` fails on an entry no import uses any more.
 */
export const featureCrossings = [
  ['pmta-campaigns', 'campaigns'],
  ['smtp-campaigns', 'campaigns'],
  ['pmta-relays', 'relays'],
  ['smtp-relays', 'relays'],
  ['relay-groups', 'relays'],
  ['applied-pmta-configs', 'pmta-configs'],
  ['pmta-configs', 'applied-pmta-configs'],
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
 * when the import climbs, or `features/a` and `features/b` when one feature imports another.
 */
export function climb(from, to) {
  if (isTestFile(from)) return undefined;
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b) return undefined;
  if (b.rank < a.rank) return { from: a.name, to: b.name };
  const [fa, fb] = [featureOf(from), featureOf(to)];
  if (fa && fb && fa !== fb && !featureCrossings.some(([x, y]) => x === fa && y === fb))
    return { from: `features/${fa}`, to: `features/${fb}` };
  return undefined;
}
