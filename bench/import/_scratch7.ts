import fs from 'node:fs';
import { parse } from 'csv-parse';
const f = '/tmp/scratch6.csv';
for (let round = 0; round < 2; round++) {
let s = performance.now(); let n = 0;
const p = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, on_record: (rec: string[]) => { n++; return null; } });
fs.createReadStream(f, { highWaterMark: 1 << 20 }).pipe(p);
p.resume();
await new Promise((r) => p.on('end', r));
console.log('csv-parse on_record null', n, ((performance.now() - s) / 1000).toFixed(2));
s = performance.now(); n = 0;
const p3 = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
fs.createReadStream(f, { highWaterMark: 1 << 20 }).pipe(p3);
p3.on('readable', () => { let r; while ((r = p3.read()) !== null) n++; });
await new Promise((r) => p3.on('end', r));
console.log('csv-parse readable info', n, ((performance.now() - s) / 1000).toFixed(2));
}
