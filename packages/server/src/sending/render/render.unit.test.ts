import { describe, expect, it } from 'vitest';
import { STATIC_MACROS } from '@console/shared/macros';
import { compileMessage, renderMessage } from './message.ts';
import { JUNK_LENGTH, seededRng } from './random.ts';
import { relayHostLink, type CompileSources, type Recipient } from './template.ts';

const recipient: Recipient = {
  email: 'jane.doe@example.org',
  name: 'Jane',
  surname: 'Doe',
  city: 'Köln',
  geo: 'DE',
  birthYear: 1990,
  uuid: 'AbC123-uuid',
};
const sources = (over: Partial<CompileSources> = {}): CompileSources => ({
  tags: new Map([
    ['greeting', ['Hello', 'Hi']],
    ['single', ['only one']],
    ['with-static', ['Dear [name]']],
  ]),
  links: {
    offer: ['https://t1.example.com/t/c/[uuid]/[junk]'],
    unsubscribe: ['https://t1.example.com/t/u/[uuid]'],
    pixel: ['https://t1.example.com/t/o/[uuid]'],
  },
  trk: 'smtp-42',
  ...over,
});
const env = (seed = 7) => ({ rng: seededRng(seed), date: '2026-11-23' });
/** Renders one text as HTML content (sender and subject empty). */
const html = (text: string, s = sources(), r = recipient, seed = 7) =>
  renderMessage(compileMessage({ sender: '', subject: '', html: text }, s), r, env(seed)).html;
const unresolved = (text: string, s = sources()) =>
  compileMessage({ sender: '', subject: '', html: text }, s).unresolved;

describe('the renderer: static tags', () => {
  it('fills every static tag from the recipient, the campaign and its links', () => {
    expect(html('[email] [name] [surname] [city] [geo] [birthYear] [domain]')).toBe(
      'jane.doe@example.org Jane Doe Köln DE 1990 example.org',
    );
    expect(html('[uuid] [click_id] [trk] [date]')).toBe('AbC123-uuid AbC123-uuid smtp-42 2026-11-23');
    expect(html('[junk]')).toMatch(new RegExp(`^[a-z0-9]{${JUNK_LENGTH}}$`));
    expect(html('[offer]')).toMatch(/^https:\/\/t1\.example\.com\/t\/c\/AbC123-uuid\/[a-z0-9]{12}$/);
    expect(html('[unsub]')).toBe('https://t1.example.com/t/u/AbC123-uuid');
    // Beside an image of the message's own, the pixel is an <img>; alone, a background (filters see no
    // image-only message, issue 26), and the compiled message says so.
    expect(html('<img src="logo.png">[pixel]')).toBe(
      '<img src="logo.png"><img src="https://t1.example.com/t/o/AbC123-uuid" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">',
    );
    expect(html('[pixel]')).toBe(
      `<div style="width:1px;height:1px;line-height:1px;font-size:1px;background-image:url('https://t1.example.com/t/o/AbC123-uuid')"></div>`,
    );
    expect(compileMessage({ sender: '', subject: '', html: 'Hi [pixel]' }, sources()).pixelOnlyImage).toBe(true);
    expect(compileMessage({ sender: '', subject: '', html: '<IMG src=x> [pixel]' }, sources()).pixelOnlyImage).toBe(
      false,
    );
    expect(compileMessage({ sender: '', subject: '', html: 'Hi' }, sources()).pixelOnlyImage).toBe(false);
    const m = compileMessage(
      { sender: 'Jane from {greeting}', subject: '[sender]: news', html: 'By [sender]' },
      sources(),
    );
    const out = renderMessage(m, recipient, env());
    expect(out.subject).toBe(`${out.sender}: news`);
    expect(out.html).toBe(`By ${out.sender}`);
    // Every tag of the catalogue is known to the renderer: none comes back as written.
    for (const { name } of STATIC_MACROS) expect(html(name), name).not.toBe(name);
  });

  it('escapes [sender] in the HTML, not in the subject (issue 41: a planted bug went unseen)', () => {
    const m = compileMessage(
      { sender: 'Tom & "Jerry" <tj>', subject: '[sender] says', html: '<b>[sender]</b>' },
      sources(),
    );
    const out = renderMessage(m, recipient, env());
    expect(out.subject).toBe('Tom & "Jerry" <tj> says');
    expect(out.html).toBe('<b>Tom &amp; &quot;Jerry&quot; &lt;tj&gt;</b>');
  });

  it('leaves missing list fields empty and escapes them in HTML, not in the subject; URL-encodes them in links', () => {
    expect(html('[[name]]', sources(), { email: 'a@b.co', uuid: 'u' })).toBe('[]');
    const odd = { ...recipient, name: `<b>O'Brien & "Co"</b>`, email: 'a+b@x.com' };
    expect(html('[name]', sources(), odd)).toBe('&lt;b&gt;O&#39;Brien &amp; &quot;Co&quot;&lt;/b&gt;');
    const m = compileMessage({ sender: '[name]', subject: '[name]', html: '' }, sources());
    expect(renderMessage(m, odd, env()).subject).toBe(odd.name);
    const linked = sources({ links: { offer: ['https://t/c/[uuid]?e=[email]'], unsubscribe: [], pixel: [] } });
    expect(html('<a href="[offer]">', linked, odd)).toBe('<a href="https://t/c/AbC123-uuid?e=a%2Bb%40x.com">');
  });

  it('reports what nothing resolves: a typo, a missing tag, a link group the campaign lacks', () => {
    const none = sources({ links: { offer: [], unsubscribe: [], pixel: [] } });
    expect(unresolved('[emial] {gretting} [offer] [unsub] [pixel] {greeting} [email]', none)).toEqual([
      '[emial]',
      '[offer]',
      '[pixel]',
      '[unsub]',
      '{gretting}',
    ]);
    expect(html('[emial] {gretting}', none)).toBe('[emial] {gretting}');
  });
});

describe('the renderer: dynamic and live tags', () => {
  it('picks one value of a saved tag and one alternative of a live tag, compiling the static tags inside', () => {
    expect(['Hello', 'Hi']).toContain(html('{greeting}'));
    expect(html('{single}')).toBe('only one');
    expect(html('{with-static}')).toBe('Dear Jane');
    expect(['a Jane', 'b Doe']).toContain(html('{a [name]|b [surname]}'));
    expect(['x', '']).toContain(html('{x|}'));
  });

  it('keeps braces that are not tags as written: CSS, JSON, a brace alone, empty, double braces', () => {
    const css = '<style>p { color: red; } .a{margin:0}</style>';
    expect(html(css)).toBe(css);
    expect(html('{"a": 1, "b": [2]}')).toBe('{"a": 1, "b": [2]}');
    expect(html('{ alone and { again')).toBe('{ alone and { again');
    expect(html('{} and {{greeting}} and {{ x }}')).toBe('{} and {{greeting}} and {{ x }}');
    expect(html('a {\ngreeting} b')).toBe('a {\ngreeting} b');
    expect(html('} [ ] ]email[')).toBe('} [ ] ]email[');
    expect(html('&#91;email&#93; &lbrace;greeting&rbrace; &amp;')).toBe(
      '&#91;email&#93; &lbrace;greeting&rbrace; &amp;',
    );
    expect(unresolved(css)).toEqual([]);
  });

  it('handles a tag at the very start and end, next to each other, and multi-byte text', () => {
    expect(html('[name]')).toBe('Jane');
    expect(html('[name][surname]')).toBe('JaneDoe');
    expect(html('[email]x[geo]')).toBe('jane.doe@example.org' + 'x' + 'DE');
    const tags = new Map([['emoji', ['😀 Grüße']]]);
    expect(html('Привет [name] 🚀 {emoji} 日本語 {😀|😀}', sources({ tags }))).toBe(
      'Привет Jane 🚀 😀 Grüße 日本語 😀',
    );
  });

  it('renders the same message for the same seed, and varies with the seed', () => {
    const text = '{greeting} [junk] {a|b|c|d} [offer]';
    expect(html(text, sources(), recipient, 1)).toBe(html(text, sources(), recipient, 1));
    const outputs = new Set([1, 2, 3, 4, 5].map((seed) => html(text, sources(), recipient, seed)));
    expect(outputs.size).toBe(5);
  });

  it('spreads the values of a tag and of a live tag evenly over 10,000 renders (chi-square, fixed seed)', () => {
    const values = ['v1', 'v2', 'v3', 'v4'];
    const tags = new Map([['spread', values]]);
    const m = compileMessage({ sender: '', subject: '{spread}', html: '{a|b|c|d|e}' }, sources({ tags }));
    const e = env(20261123);
    const counts = { subject: new Map<string, number>(), html: new Map<string, number>() };
    const N = 10_000;
    for (let i = 0; i < N; i++) {
      const out = renderMessage(m, recipient, e);
      counts.subject.set(out.subject, (counts.subject.get(out.subject) ?? 0) + 1);
      counts.html.set(out.html, (counts.html.get(out.html) ?? 0) + 1);
    }
    const chiSquare = (c: Map<string, number>, k: number) =>
      [...c.values()].reduce((sum, observed) => sum + (observed - N / k) ** 2 / (N / k), 0);
    expect([...counts.subject.keys()].sort()).toEqual(values);
    expect(counts.html.size).toBe(5);
    // Critical values at p = 0.001: 16.27 for 3 degrees of freedom, 18.47 for 4.
    expect(chiSquare(counts.subject, 4)).toBeLessThan(16.27);
    expect(chiSquare(counts.html, 5)).toBeLessThan(18.47);
  });
});

describe('the renderer: links on the relay host (PMTA campaigns, issue 22)', () => {
  const pmta = sources({
    links: {
      offer: [relayHostLink(9999, '/t/c/', true)],
      unsubscribe: [relayHostLink(9999, '/t/u/', false)],
      pixel: [relayHostLink(9999, '/t/o/', true)],
    },
  });
  const onRelay = { ...recipient, relayHost: 'mta1.example.com' };

  it("puts each message's links on its relay's host name", () => {
    expect(html('[offer]', pmta, onRelay)).toMatch(
      /^http:\/\/mta1\.example\.com:9999\/t\/c\/AbC123-uuid\/[a-z0-9]{12}$/,
    );
    expect(html('[unsub]', pmta, onRelay)).toBe('http://mta1.example.com:9999/t/u/AbC123-uuid');
    // Beside an image of the message's own, the pixel is an <img> (alone, a background: decision 1020).
    expect(html('<img src="logo.png">[pixel]', pmta, { ...onRelay, relayHost: 'mta2.example.com' })).toMatch(
      /<img src="http:\/\/mta2\.example\.com:9999\/t\/o\/AbC123-uuid\/[a-z0-9]{12}" /,
    );
    expect(unresolved('[offer] [unsub] [pixel]', pmta)).toEqual([]);
  });

  it('refuses to render them without a relay host, and [relay_host] is no macro an author can write', () => {
    expect(() => html('[offer]', pmta)).toThrow(/relay host/);
    expect(html('http://[relay_host]/x', pmta, onRelay)).toBe('http://[relay_host]/x');
    expect(unresolved('[relay_host]', pmta)).toEqual(['[relay_host]']);
  });
});
