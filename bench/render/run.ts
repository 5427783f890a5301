/**
 * Render benchmark: node --import tsx bench/render/run.ts [recipients]   (default 100,000)
 *
 * A realistic 30 KB HTML message (tables, inline CSS, a <style> block with braces, 20 macros: static,
 * saved dynamic tags, live tags, offer/unsubscribe/pixel links) compiled once and rendered for
 * `recipients` distinct recipients on one core. Reports messages per second for the render alone (a
 * JavaScript string, as the engine builds it) and with the UTF-8 bytes a transport writes.
 */
import { compileMessage, renderDate, renderMessage } from '../../packages/server/src/sending/render/message.ts';
import { seededRng } from '../../packages/server/src/sending/render/random.ts';
import { deadline } from '../lib/hermetic.ts';

const recipients = Number(process.argv[2] ?? 100_000);
deadline(600, () => 'render');

const block = (i: number) => `
<tr><td class="content" style="padding:24px 32px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:22px;color:#333333;">
  <h2 style="margin:0 0 12px;font-size:20px;color:#111111;">Section ${i}: this week's selection</h2>
  <p style="margin:0 0 12px;">Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer vitae justo nec urna tincidunt
  gravida. Curabitur sit amet augue a mauris gravida tempus. Vestibulum ante ipsum primis in faucibus orci luctus et ultrices
  posuere cubilia curae; Sed vel lectus id nibh posuere commodo. Nulla facilisi. Praesent et ipsum vitae erat varius.</p>
  <table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%"><tr>
    <td width="50%" style="padding:8px;"><img src="https://cdn.example.com/img/p${i}a.jpg" width="240" alt="Product ${i}a" style="display:block;border:0;"></td>
    <td width="50%" style="padding:8px;"><img src="https://cdn.example.com/img/p${i}b.jpg" width="240" alt="Product ${i}b" style="display:block;border:0;"></td>
  </tr></table>
</td></tr>`;
const filler = Array.from({ length: 29 }, (_, i) => block(i + 1)).join('\n');
const html = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{Weekly picks|Your weekly picks|Picks for you}</title>
<style>body { margin: 0; padding: 0; } .content p { margin: 0 0 12px; } @media (max-width: 600px) { .content { padding: 12px !important; } }</style>
</head><body style="margin:0;padding:0;background:#f4f4f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="background:#ffffff;">
<tr><td style="padding:24px 32px;">{greeting} [name] [surname],</td></tr>
<tr><td style="padding:0 32px;">{intro} Deals picked for [city] ([geo]) on [date], just for [email].</td></tr>
<tr><td style="padding:16px 32px;"><a href="[offer]" style="background:#2b59c3;color:#fff;padding:12px 20px;text-decoration:none;">{See the offer|Open the deal|Show me}</a></td></tr>
${filler}
<tr><td style="padding:16px 32px;font-size:12px;color:#888;">Ref [trk]-[junk]. Sent to [email] ([domain]) by [sender].
Born in [birthYear]? {signoff}. <a href="[unsub]">Unsubscribe</a>. Code [click_id].</td></tr>
</table>[pixel]</td></tr></table></body></html>`;

const sources = {
  tags: new Map([
    ['greeting', ['Hello', 'Hi', 'Good day', 'Hey']],
    ['intro', ['This week only:', 'Fresh for you:', 'Picked today:']],
    ['signoff', ['Cheers', 'Best regards', 'See you soon']],
  ]),
  links: {
    offer: ['https://t1.example.com/t/c/[uuid]/[junk]', 'https://t2.example.com/t/c/[uuid]/[junk]'],
    unsubscribe: ['https://t1.example.com/t/u/[uuid]'],
    pixel: ['https://t1.example.com/t/o/[uuid]/[junk]'],
  },
  trk: 'smtp-42',
};
const macros = (html.match(/\[[a-zA-Z_]+\]|\{[^{}\n]+\}/g) ?? []).filter((m) => !m.includes(':') && !m.includes(';'));
const m = compileMessage({ sender: '{Anna|Mark} from Deals', subject: '{greeting} [name], {intro}', html }, sources);
if (m.unresolved.length) throw new Error(`unresolved: ${m.unresolved.join(', ')}`);

const people = Array.from({ length: 1000 }, (_, i) => ({
  email: `user${i}@example${i % 7}.com`,
  name: `Name${i}`,
  surname: `Surname${i}`,
  city: 'Berlin',
  geo: 'DE',
  birthYear: 1960 + (i % 40),
  uuid: `uuid-${i.toString(36).padStart(22, '0')}`,
}));
const env = { rng: seededRng(42), date: renderDate() };

/** 'rope': the string as built (V8 joins lazily); 'flat': made one piece, as a transport reads it; 'bytes': UTF-8. */
function run(mode: 'rope' | 'flat' | 'bytes') {
  let total = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < recipients; i++) {
    const r = people[i % people.length]!;
    const out = renderMessage(m, { ...r, uuid: `${r.uuid}${i}` }, env);
    if (mode === 'bytes') total += Buffer.byteLength(out.html) + Buffer.byteLength(out.subject);
    else if (mode === 'flat') total += out.html.charCodeAt(out.html.length >> 1) > 0 ? out.html.length : 0;
    else total += out.html.length;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { perSecond: recipients / seconds, seconds, avg: total / recipients };
}

console.log(`message: ${(html.length / 1024).toFixed(1)} KB, ${macros.length} macros, ${m.html.length} parts`);
run('rope'); // warm-up
for (const [mode, label] of [
  ['rope', 'render, string as built'],
  ['flat', 'render, string made flat'],
  ['bytes', 'render + UTF-8 bytes'],
] as const) {
  const r = run(mode);
  console.log(
    `${label.padEnd(26)} ${Math.round(r.perSecond).toLocaleString('en').padStart(9)} messages/s (${r.seconds.toFixed(2)} s for ${recipients.toLocaleString('en')})`,
  );
}
