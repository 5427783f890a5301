/**
 * The render bench's message: a realistic 30 KB HTML newsletter (tables, inline CSS, a <style> block with
 * braces, 21 macros: static, saved dynamic tags, live tags, offer/unsubscribe/pixel links), its link and tag
 * sources, and 1,000 recipients. Shared by the render measures (run.ts) and the MIME ones (mime.ts).
 */
// @ts-nocheck

import { compileMessage } from '../../packages/server/src/sending/render/message.ts';

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
export const html = `<!DOCTYPE html>
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

export const sources = {
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
export const macros = (html.match(/\[[a-zA-Z_]+\]|\{[^{}\n]+\}/g) ?? []).filter(
  (m) => !m.includes(':') && !m.includes(';'),
);
export const m = compileMessage(
  { sender: '{Anna|Mark} from Deals', subject: '{greeting} [name], {intro}', html },
  sources,
);
if (m.unresolved.length) throw new Error(`unresolved: ${m.unresolved.join(', ')}`);

export const people = Array.from({ length: 1000 }, (_, i) => ({
  email: `user${i}@example${i % 7}.com`,
  name: `Name${i}`,
  surname: `Surname${i}`,
  city: 'Berlin',
  geo: 'DE',
  birthYear: 1960 + (i % 40),
  uuid: `uuid-${i.toString(36).padStart(22, '0')}`,
}));
