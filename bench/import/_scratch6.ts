import fs from 'node:fs';
import { parse } from 'csv-parse';
const N = 1_000_000;
const f = '/tmp/scratch6.csv';
if (!fs.existsSync(f)) {
  const doms = ['gmail.com','yahoo.com','outlook.com','hotmail.com','mail.ru','aol.com','example.org','corp.net'];
  const out = fs.createWriteStream(f);
  out.write('email,name,surname,birthYear,city,geo\n');
  let b = '';
  for (let i = 0; i < N; i++) { b += `John.Doe${i}@${doms[i % 8]},John,Doe,1980,Paris,FR\n`; if (i % 10000 === 0) { out.write(b); b = ''; } }
  out.write(b); out.end(); await new Promise((r) => out.on('finish', r));
}
let s = performance.now();
let n = 0;
const p = fs.createReadStream(f, { highWaterMark: 1 << 20 }).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
for await (const rec of p) n++;
console.log('csv-parse arrays', n, ((performance.now() - s) / 1000).toFixed(2));
s = performance.now(); n = 0;
const p2 = fs.createReadStream(f, { highWaterMark: 1 << 20 }).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
p2.on('data', () => { n++; });
await new Promise((r) => p2.on('end', r));
console.log('csv-parse on data', n, ((performance.now() - s) / 1000).toFixed(2));
s = performance.now(); n = 0;
for await (const chunk of fs.createReadStream(f, { highWaterMark: 1 << 20, encoding: 'utf8' })) { let i = 0; while ((i = chunk.indexOf('\n', i) + 1) > 0) n++; }
console.log('split lines', n, ((performance.now() - s) / 1000).toFixed(2));
