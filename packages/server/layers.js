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

/** The layer of an absolute file path inside src/, or undefined (outside src/, or not in the table). */
export function layerOf(file) {
  const rel = path.relative(serverSrc, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rankOf.get(rel.split(path.sep)[0]);
}

/** Test code (tests, their helpers and set-ups) may reach any layer: it builds the whole app. */
export const isTestFile = (file) => /(\.test|test-helpers|test-setup|\.test-data)\.ts$/.test(file);

/**
 * Why `from` may not import `to` (both absolute paths), or undefined when it may.
 * Returns { from, to } layer names when the import climbs.
 */
export function climb(from, to) {
  if (isTestFile(from)) return undefined;
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b || b.rank >= a.rank) return undefined;
  return { from: a.name, to: b.name };
}
