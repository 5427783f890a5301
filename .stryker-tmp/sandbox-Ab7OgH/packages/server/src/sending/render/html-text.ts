// @ts-nocheck
function stryNS_9fa48() {
  var g = typeof globalThis === 'object' && globalThis && globalThis.Math === Math && globalThis || new Function("return this")();
  var ns = g.__stryker__ || (g.__stryker__ = {});
  if (ns.activeMutant === undefined && g.process && g.process.env && g.process.env.__STRYKER_ACTIVE_MUTANT__) {
    ns.activeMutant = g.process.env.__STRYKER_ACTIVE_MUTANT__;
  }
  function retrieveNS() {
    return ns;
  }
  stryNS_9fa48 = retrieveNS;
  return retrieveNS();
}
stryNS_9fa48();
function stryCov_9fa48() {
  var ns = stryNS_9fa48();
  var cov = ns.mutantCoverage || (ns.mutantCoverage = {
    static: {},
    perTest: {}
  });
  function cover() {
    var c = cov.static;
    if (ns.currentTestId) {
      c = cov.perTest[ns.currentTestId] = cov.perTest[ns.currentTestId] || {};
    }
    var a = arguments;
    for (var i = 0; i < a.length; i++) {
      c[a[i]] = (c[a[i]] || 0) + 1;
    }
  }
  stryCov_9fa48 = cover;
  cover.apply(null, arguments);
}
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  function isActive(id) {
    if (ns.activeMutant === id) {
      if (ns.hitCount !== void 0 && ++ns.hitCount > ns.hitLimit) {
        throw new Error('Stryker: Hit count limit reached (' + ns.hitCount + ')');
      }
      return true;
    }
    return false;
  }
  stryMutAct_9fa48 = isActive;
  return isActive(id);
}
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

const OPEN = stryMutAct_9fa48("152") ? "" : (stryCov_9fa48("152"), '\uE000');
const CLOSE = stryMutAct_9fa48("153") ? "" : (stryCov_9fa48("153"), '\uE001');
/** A mark: private-use characters around `m<index>`; html-to-text upper-casing some headings turns it `M`. */
const mark = stryMutAct_9fa48("154") ? () => undefined : (stryCov_9fa48("154"), (() => {
  const mark = (i: number) => stryMutAct_9fa48("155") ? `` : (stryCov_9fa48("155"), `${OPEN}m${i}${CLOSE}`);
  return mark;
})());
const MARKS = stryMutAct_9fa48("158") ? /\uE000([mM])(\D+)\uE001/g : stryMutAct_9fa48("157") ? /\uE000([mM])(\d)\uE001/g : stryMutAct_9fa48("156") ? /\uE000([^mM])(\d+)\uE001/g : (stryCov_9fa48("156", "157", "158"), /\uE000([mM])(\d+)\uE001/g);
const MARKUP = stryMutAct_9fa48("159") ? /[^<&]/ : (stryCov_9fa48("159"), /[<&]/);
type Tags = CompileSources['tags'];

/** Whether rendering this text into HTML may produce markup or entities (which html-to-text would interpret). */
function markupIn(s: string, tags: Tags, depth = 0): boolean {
  if (stryMutAct_9fa48("160")) {
    {}
  } else {
    stryCov_9fa48("160");
    if (stryMutAct_9fa48("164") ? depth <= 8 : stryMutAct_9fa48("163") ? depth >= 8 : stryMutAct_9fa48("162") ? false : stryMutAct_9fa48("161") ? true : (stryCov_9fa48("161", "162", "163", "164"), depth > 8)) return stryMutAct_9fa48("165") ? false : (stryCov_9fa48("165"), true);
    for (const t of scanMacros(s)) if (stryMutAct_9fa48("167") ? false : stryMutAct_9fa48("166") ? true : (stryCov_9fa48("166", "167"), tokenMarkup(t, tags, depth))) return stryMutAct_9fa48("168") ? false : (stryCov_9fa48("168"), true);
    return stryMutAct_9fa48("169") ? true : (stryCov_9fa48("169"), false);
  }
}
function tokenMarkup(t: MacroToken, tags: Tags, depth: number): boolean {
  if (stryMutAct_9fa48("170")) {
    {}
  } else {
    stryCov_9fa48("170");
    switch (t.type) {
      case stryMutAct_9fa48("172") ? "" : (stryCov_9fa48("172"), 'text'):
        if (stryMutAct_9fa48("171")) {} else {
          stryCov_9fa48("171");
          return MARKUP.test(t.text);
        }
      case stryMutAct_9fa48("174") ? "" : (stryCov_9fa48("174"), 'static'):
        if (stryMutAct_9fa48("173")) {} else {
          stryCov_9fa48("173");
          return stryMutAct_9fa48("177") ? t.key !== 'pixel' : stryMutAct_9fa48("176") ? false : stryMutAct_9fa48("175") ? true : (stryCov_9fa48("175", "176", "177"), t.key === (stryMutAct_9fa48("178") ? "" : (stryCov_9fa48("178"), 'pixel')));
        }
      case stryMutAct_9fa48("180") ? "" : (stryCov_9fa48("180"), 'live'):
        if (stryMutAct_9fa48("179")) {} else {
          stryCov_9fa48("179");
          return stryMutAct_9fa48("181") ? t.options.every(o => markupIn(o, tags, depth + 1)) : (stryCov_9fa48("181"), t.options.some(stryMutAct_9fa48("182") ? () => undefined : (stryCov_9fa48("182"), o => markupIn(o, tags, stryMutAct_9fa48("183") ? depth - 1 : (stryCov_9fa48("183"), depth + 1)))));
        }
      case stryMutAct_9fa48("185") ? "" : (stryCov_9fa48("185"), 'dynamic'):
        if (stryMutAct_9fa48("184")) {} else {
          stryCov_9fa48("184");
          return stryMutAct_9fa48("186") ? (tags.get(t.name) ?? []).every(v => markupIn(v, tags, depth + 1)) : (stryCov_9fa48("186"), (stryMutAct_9fa48("187") ? tags.get(t.name) && [] : (stryCov_9fa48("187"), tags.get(t.name) ?? (stryMutAct_9fa48("188") ? ["Stryker was here"] : (stryCov_9fa48("188"), [])))).some(stryMutAct_9fa48("189") ? () => undefined : (stryCov_9fa48("189"), v => markupIn(v, tags, stryMutAct_9fa48("190") ? depth - 1 : (stryCov_9fa48("190"), depth + 1)))));
        }
    }
  }
}
const rawOf = stryMutAct_9fa48("191") ? () => undefined : (stryCov_9fa48("191"), (() => {
  const rawOf = (t: Exclude<MacroToken, {
    type: 'text';
  }>) => (stryMutAct_9fa48("194") ? t.type !== 'static' : stryMutAct_9fa48("193") ? false : stryMutAct_9fa48("192") ? true : (stryCov_9fa48("192", "193", "194"), t.type === (stryMutAct_9fa48("195") ? "" : (stryCov_9fa48("195"), 'static')))) ? stryMutAct_9fa48("196") ? `` : (stryCov_9fa48("196"), `[${t.key}]`) : (stryMutAct_9fa48("199") ? t.type !== 'dynamic' : stryMutAct_9fa48("198") ? false : stryMutAct_9fa48("197") ? true : (stryCov_9fa48("197", "198", "199"), t.type === (stryMutAct_9fa48("200") ? "" : (stryCov_9fa48("200"), 'dynamic')))) ? t.raw : stryMutAct_9fa48("201") ? `` : (stryCov_9fa48("201"), `{${t.options.join(stryMutAct_9fa48("202") ? "" : (stryCov_9fa48("202"), '|'))}}`);
  return rawOf;
})());

/** The text alternative of `html` as a template, or null when it must be made from each message's HTML. */
export function htmlTextTemplate(html: string, sources: CompileSources): Template | null {
  if (stryMutAct_9fa48("203")) {
    {}
  } else {
    stryCov_9fa48("203");
    if (stryMutAct_9fa48("206") ? html.includes(OPEN) && html.includes(CLOSE) : stryMutAct_9fa48("205") ? false : stryMutAct_9fa48("204") ? true : (stryCov_9fa48("204", "205", "206"), html.includes(OPEN) || html.includes(CLOSE))) return null;
    const macros = new Map<string, number>();
    let marked = stryMutAct_9fa48("207") ? "Stryker was here!" : (stryCov_9fa48("207"), '');
    for (const t of scanMacros(html)) {
      if (stryMutAct_9fa48("208")) {
        {}
      } else {
        stryCov_9fa48("208");
        if (stryMutAct_9fa48("211") ? t.type !== 'text' : stryMutAct_9fa48("210") ? false : stryMutAct_9fa48("209") ? true : (stryCov_9fa48("209", "210", "211"), t.type === (stryMutAct_9fa48("212") ? "" : (stryCov_9fa48("212"), 'text')))) {
          if (stryMutAct_9fa48("213")) {
            {}
          } else {
            stryCov_9fa48("213");
            stryMutAct_9fa48("214") ? marked -= t.text : (stryCov_9fa48("214"), marked += t.text);
            continue;
          }
        }
        // The pixel is an image or an empty block: nothing of it shows in the text.
        if (stryMutAct_9fa48("217") ? t.type === 'static' || t.key === 'pixel' : stryMutAct_9fa48("216") ? false : stryMutAct_9fa48("215") ? true : (stryCov_9fa48("215", "216", "217"), (stryMutAct_9fa48("219") ? t.type !== 'static' : stryMutAct_9fa48("218") ? true : (stryCov_9fa48("218", "219"), t.type === (stryMutAct_9fa48("220") ? "" : (stryCov_9fa48("220"), 'static')))) && (stryMutAct_9fa48("222") ? t.key !== 'pixel' : stryMutAct_9fa48("221") ? true : (stryCov_9fa48("221", "222"), t.key === (stryMutAct_9fa48("223") ? "" : (stryCov_9fa48("223"), 'pixel')))))) continue;
        if (stryMutAct_9fa48("225") ? false : stryMutAct_9fa48("224") ? true : (stryCov_9fa48("224", "225"), tokenMarkup(t, sources.tags, 0))) return null;
        const raw = rawOf(t);
        // One mark per distinct macro: a link whose text is its own URL is then shown once, as html-to-text does.
        if (stryMutAct_9fa48("228") ? false : stryMutAct_9fa48("227") ? true : stryMutAct_9fa48("226") ? macros.has(raw) : (stryCov_9fa48("226", "227", "228"), !macros.has(raw))) if (stryMutAct_9fa48("229")) {
          ;
        } else {
          stryCov_9fa48("229");
          macros.set(raw, macros.size);
        }
        stryMutAct_9fa48("230") ? marked -= mark(macros.get(raw)!) : (stryCov_9fa48("230"), marked += mark(macros.get(raw)!));
      }
    }
    const text = textOfHtml(marked);
    const compiler = new Compiler(sources);
    const compiled = (stryMutAct_9fa48("231") ? [] : (stryCov_9fa48("231"), [...macros.keys()])).map(stryMutAct_9fa48("232") ? () => undefined : (stryCov_9fa48("232"), raw => compiler.compile(raw, stryMutAct_9fa48("233") ? "" : (stryCov_9fa48("233"), 'text'))));
    const parts: Template[number][] = stryMutAct_9fa48("234") ? ["Stryker was here"] : (stryCov_9fa48("234"), []);
    let at = 0;
    for (const m of text.matchAll(MARKS)) {
      if (stryMutAct_9fa48("235")) {
        {}
      } else {
        stryCov_9fa48("235");
        if (stryMutAct_9fa48("239") ? m.index <= at : stryMutAct_9fa48("238") ? m.index >= at : stryMutAct_9fa48("237") ? false : stryMutAct_9fa48("236") ? true : (stryCov_9fa48("236", "237", "238", "239"), m.index > at)) parts.push(stryMutAct_9fa48("241") ? text : (stryCov_9fa48("241"), text.slice(at, m.index)));
        const t = compiled[Number(m[2])]!;
        const upper = stryMutAct_9fa48("244") ? m[1] !== 'M' : stryMutAct_9fa48("243") ? false : stryMutAct_9fa48("242") ? true : (stryCov_9fa48("242", "243", "244"), m[1] === (stryMutAct_9fa48("245") ? "" : (stryCov_9fa48("245"), 'M')));
        // As html-to-text shows a value: its white space collapsed (and upper-cased where the mark was).
        parts.push((r, env) => {
          if (stryMutAct_9fa48("247")) {
            {}
          } else {
            stryCov_9fa48("247");
            const v = render(t, r, env).replace(stryMutAct_9fa48("249") ? /\S+/g : stryMutAct_9fa48("248") ? /\s/g : (stryCov_9fa48("248", "249"), /\s+/g), stryMutAct_9fa48("250") ? "" : (stryCov_9fa48("250"), ' '));
            return upper ? stryMutAct_9fa48("251") ? v.toLowerCase() : (stryCov_9fa48("251"), v.toUpperCase()) : v;
          }
        });
        at = stryMutAct_9fa48("252") ? m.index - m[0].length : (stryCov_9fa48("252"), m.index + m[0].length);
      }
    }
    if (stryMutAct_9fa48("256") ? at >= text.length : stryMutAct_9fa48("255") ? at <= text.length : stryMutAct_9fa48("254") ? false : stryMutAct_9fa48("253") ? true : (stryCov_9fa48("253", "254", "255", "256"), at < text.length)) parts.push(stryMutAct_9fa48("258") ? text : (stryCov_9fa48("258"), text.slice(at)));
    if (stryMutAct_9fa48("261") ? parts.every(p => typeof p === 'string' && (p.includes(OPEN) || p.includes(CLOSE))) : stryMutAct_9fa48("260") ? false : stryMutAct_9fa48("259") ? true : (stryCov_9fa48("259", "260", "261"), parts.some(stryMutAct_9fa48("262") ? () => undefined : (stryCov_9fa48("262"), p => stryMutAct_9fa48("265") ? typeof p === 'string' || p.includes(OPEN) || p.includes(CLOSE) : stryMutAct_9fa48("264") ? false : stryMutAct_9fa48("263") ? true : (stryCov_9fa48("263", "264", "265"), (stryMutAct_9fa48("267") ? typeof p !== 'string' : stryMutAct_9fa48("266") ? true : (stryCov_9fa48("266", "267"), typeof p === (stryMutAct_9fa48("268") ? "" : (stryCov_9fa48("268"), 'string')))) && (stryMutAct_9fa48("270") ? p.includes(OPEN) && p.includes(CLOSE) : stryMutAct_9fa48("269") ? true : (stryCov_9fa48("269", "270"), p.includes(OPEN) || p.includes(CLOSE)))))))) return null;
    return parts;
  }
}