import { describe, expect, it } from 'vitest';
import { textOfHtml } from '../transports/text.ts';
import { htmlTextTemplate } from './html-text.ts';
import { compileMessage, renderMessage } from './message.ts';
import { seededRng } from './random.ts';
import { render, type CompileSources, type Recipient } from './template.ts';

/*
 * The text alternative compiled once per campaign (decision 1160) says what converting each message's HTML
 * says: the same words in the same order (only the line wrapping around values may differ).
 */
const sources: CompileSources = {
  tags: new Map([
    ['single', ['only one for [name]']],
    ['markup', ['<b>bold</b>']],
    ['entity', ['Tom &amp; Jerry']],
  ]),
  links: {
    offer: ['https://t1.example.com/t/c/[uuid]?n=[name]'],
    unsubscribe: ['https://t1.example.com/t/u/[uuid]'],
    pixel: ['https://t1.example.com/t/o/[uuid]'],
  },
  trk: 'smtp-42',
};
const recipient: Recipient = {
  email: 'jane.doe@example.org',
  name: 'Jane <b> & "co"   Ltd',
  city: 'Köln',
  uuid: 'AbC123-uuid',
};
const env = () => ({ rng: seededRng(3), date: '2026-11-27', sender: 'Bench' });
const words = (s: string) => s.replace(/\s+/g, ' ').trim();

function both(html: string) {
  const t = htmlTextTemplate(html, sources);
  const perMessage = textOfHtml(
    renderMessage(compileMessage({ sender: '', subject: '', html }, sources), recipient, env()).html,
  );
  return { once: t && render(t, recipient, env()), perMessage };
}

describe('the text alternative compiled once from the HTML', () => {
  it.each([
    `<html><body><table><tr><td><h1>Hello [name] from [city]</h1>
<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(25)}</p>
<p><a href="[offer]">See the offer</a> - <a href="[unsub]">unsubscribe</a></p>[pixel]</td></tr></table></body></html>`,
    '<h4>Deal for [name]</h4><p>{single}, [email] in [city] on [date] ([trk])</p><ul><li>[domain]</li><li>x</li></ul>',
    '<p>Go: <a href="[offer]">[offer]</a></p><img src="x.png" alt="[name]"><style>p { color: red }</style>',
    '<div>[name]</div><div>[name] and [unsub]</div>{unknown} [nothing]',
  ])('says what each message converted says: %#', (html) => {
    const { once, perMessage } = both(html);
    expect(once).not.toBeNull();
    expect(words(once!)).toBe(words(perMessage));
  });

  it('stays per message when a tag or alternative can put markup or entities into the HTML', () => {
    expect(htmlTextTemplate('<p>{markup}</p>', sources)).toBeNull();
    expect(htmlTextTemplate('<p>{entity}</p>', sources)).toBeNull();
    expect(htmlTextTemplate('<p>{a|<i>b</i>}</p>', sources)).toBeNull();
    expect(htmlTextTemplate('<p>\uE000m0\uE001</p>', sources)).toBeNull();
  });
});
