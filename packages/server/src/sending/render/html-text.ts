import { scanMacros, type MacroToken } from '@console/shared/macros';
import { textOfHtml } from '../transports/text.ts';
import { Compiler, render, type CompileSources, type Template } from './template.ts';

/*
 * The text/plain alternative made from a campaign's HTML, as a template compiled once per campaign (issue 28,
 * decision 1160): converting each recipient's HTML with html-to-text cost about 90 µs a message. The HTML's
 * macros are replaced by marks, the marked HTML is converted once, and each mark in the text becomes the
 * macro compiled for text (values as they are, not HTML-escaped; links as the text part shows them). What
 * differs from converting each message: the line wrapping around a value (its length is not known yet).
 * When a macro can put markup or entities into the HTML (a tag or `{a|b}` alternative with `<` or `&`,
 * `[pixel]` inside one), the conversion stays per message: null.
 */

const OPEN = '\uE000';
const CLOSE = '\uE001';
/** A mark: private-use characters around `m<index>`; html-to-text upper-casing some headings turns it `M`. */
const mark = (i: number) => `${OPEN}m${i}${CLOSE}`;
const MARKS = /\uE000([mM])(\d+)\uE001/g;
const MARKUP = /[<&]/;

type Tags = CompileSources['tags'];

/** Whether rendering this text into HTML may produce markup or entities (which html-to-text would interpret). */
function markupIn(s: string, tags: Tags, depth = 0): boolean {
  if (depth > 8) return true;
  for (const t of scanMacros(s)) if (tokenMarkup(t, tags, depth)) return true;
  return false;
}

function tokenMarkup(t: MacroToken, tags: Tags, depth: number): boolean {
  switch (t.type) {
    case 'text':
      return MARKUP.test(t.text);
    case 'static':
      return t.key === 'pixel';
    case 'live':
      return t.options.some((o) => markupIn(o, tags, depth + 1));
    case 'dynamic':
      return (tags.get(t.name) ?? []).some((v) => markupIn(v, tags, depth + 1));
  }
}

const rawOf = (t: Exclude<MacroToken, { type: 'text' }>) =>
  t.type === 'static' ? `[${t.key}]` : t.type === 'dynamic' ? t.raw : `{${t.options.join('|')}}`;

/** The text alternative of `html` as a template, or null when it must be made from each message's HTML. */
export function htmlTextTemplate(html: string, sources: CompileSources): Template | null {
  if (html.includes(OPEN) || html.includes(CLOSE)) return null;
  const macros = new Map<string, number>();
  let marked = '';
  for (const t of scanMacros(html)) {
    if (t.type === 'text') {
      marked += t.text;
      continue;
    }
    // The pixel is an image or an empty block: nothing of it shows in the text.
    if (t.type === 'static' && t.key === 'pixel') continue;
    if (tokenMarkup(t, sources.tags, 0)) return null;
    const raw = rawOf(t);
    // One mark per distinct macro: a link whose text is its own URL is then shown once, as html-to-text does.
    if (!macros.has(raw)) macros.set(raw, macros.size);
    marked += mark(macros.get(raw)!);
  }
  const text = textOfHtml(marked);
  const compiler = new Compiler(sources);
  const compiled = [...macros.keys()].map((raw) => compiler.compile(raw, 'text'));
  const parts: Template[number][] = [];
  let at = 0;
  for (const m of text.matchAll(MARKS)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    const t = compiled[Number(m[2])]!;
    const upper = m[1] === 'M';
    // As html-to-text shows a value: its white space collapsed (and upper-cased where the mark was).
    parts.push((r, env) => {
      const v = render(t, r, env).replace(/\s+/g, ' ');
      return upper ? v.toUpperCase() : v;
    });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  if (parts.some((p) => typeof p === 'string' && (p.includes(OPEN) || p.includes(CLOSE)))) return null;
  return parts;
}
