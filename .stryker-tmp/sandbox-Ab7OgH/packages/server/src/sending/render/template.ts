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
import { scanMacros } from '@console/shared/macros';
import { junk, pick, type Rng } from './random.ts';

/*
 * The message renderer (ARCHITECTURE §4.6). A text is compiled once per campaign into parts: literal
 * strings and small functions bound at compile time (a recipient field, a random choice among compiled
 * alternatives, a link of a link group). Rendering a recipient only walks the parts and joins them, so
 * its cost does not grow with the number of macro kinds. Unknown tags stay visible as written.
 */

/** What a message is rendered for. Fields the list does not have are null or missing. */
export interface Recipient {
  email: string;
  name?: string | null;
  surname?: string | null;
  city?: string | null;
  geo?: string | null;
  birthYear?: number | null;
  /** The recipient's tracking id in the campaign (`[uuid]`, `[click_id]`). */
  uuid: string;
  /** The host name of the relay sending it: the host of a PMTA campaign's links (`relayHostLink`, decision 0920). */
  relayHost?: string;
}

/** Per render: the randomness and today's date; `sender` is filled by `renderMessage`. */
export interface RenderEnv {
  rng: Rng;
  /** `[date]`: YYYY-MM-DD (UTC), computed once per batch. */
  date: string;
  sender?: string;
}
type Part = string | ((r: Recipient, env: RenderEnv) => string);
export type Template = readonly Part[];

/** Where a value lands: HTML escapes the list's fields, URLs percent-encode them, text takes them as they are. */
export type Context = 'text' | 'html' | 'url';

/**
 * One link a `[offer]`, `[unsub]` or `[pixel]` may render: a link group's URL (its macros compiled here, as
 * the user wrote them) or a link the engine built itself, already compiled (`relayHostLink`).
 */
export type LinkSource = string | Template;
export interface CompileSources {
  /** The owner's saved tags: name -> values (`{name}` picks one per message). */
  tags: ReadonlyMap<string, readonly string[]>;
  /** The campaign's link groups' URL templates (they hold `[uuid]` and `[junk]`), or the engine's links. */
  links: {
    offer: readonly LinkSource[];
    unsubscribe: readonly LinkSource[];
    pixel: readonly LinkSource[];
  };
  /** `[trk]`: the campaign's tracking code, e.g. `smtp-42`. */
  trk: string;
}
const HTML_SPECIAL = stryMutAct_9fa48("321") ? /[^&<>"']/ : (stryCov_9fa48("321"), /[&<>"']/);
const HTML_ESCAPES: Record<string, string> = stryMutAct_9fa48("322") ? {} : (stryCov_9fa48("322"), {
  '&': stryMutAct_9fa48("323") ? "" : (stryCov_9fa48("323"), '&amp;'),
  '<': stryMutAct_9fa48("324") ? "" : (stryCov_9fa48("324"), '&lt;'),
  '>': stryMutAct_9fa48("325") ? "" : (stryCov_9fa48("325"), '&gt;'),
  '"': stryMutAct_9fa48("326") ? "" : (stryCov_9fa48("326"), '&quot;'),
  "'": stryMutAct_9fa48("327") ? "" : (stryCov_9fa48("327"), '&#39;')
});
const escapeHtml = stryMutAct_9fa48("328") ? () => undefined : (stryCov_9fa48("328"), (() => {
  const escapeHtml = (s: string) => HTML_SPECIAL.test(s) ? s.replace(stryMutAct_9fa48("329") ? /[^&<>"']/g : (stryCov_9fa48("329"), /[&<>"']/g), stryMutAct_9fa48("330") ? () => undefined : (stryCov_9fa48("330"), c => HTML_ESCAPES[c]!)) : s;
  return escapeHtml;
})());
const encode: Record<Context, (s: string) => string> = stryMutAct_9fa48("331") ? {} : (stryCov_9fa48("331"), {
  text: stryMutAct_9fa48("332") ? () => undefined : (stryCov_9fa48("332"), s => s),
  html: escapeHtml,
  url: encodeURIComponent
});
const domainOf = stryMutAct_9fa48("333") ? () => undefined : (stryCov_9fa48("333"), (() => {
  const domainOf = (email: string) => stryMutAct_9fa48("334") ? email : (stryCov_9fa48("334"), email.slice(stryMutAct_9fa48("335") ? email.lastIndexOf('@') - 1 : (stryCov_9fa48("335"), email.lastIndexOf(stryMutAct_9fa48("336") ? "" : (stryCov_9fa48("336"), '@')) + 1)));
  return domainOf;
})());

/** What a tag name could be (a typo worth telling about), as opposed to CSS or JSON between braces. */
const TAG_LIKE = stryMutAct_9fa48("341") ? /^[\W .-]{1,100}$/ : stryMutAct_9fa48("340") ? /^[^\w .-]{1,100}$/ : stryMutAct_9fa48("339") ? /^[\w .-]$/ : stryMutAct_9fa48("338") ? /^[\w .-]{1,100}/ : stryMutAct_9fa48("337") ? /[\w .-]{1,100}$/ : (stryCov_9fa48("337", "338", "339", "340", "341"), /^[\w .-]{1,100}$/);
const WORD_IN_BRACKETS = stryMutAct_9fa48("344") ? /\[([A-Za-z_][^A-Za-z0-9_]*)\]/g : stryMutAct_9fa48("343") ? /\[([A-Za-z_][A-Za-z0-9_])\]/g : stryMutAct_9fa48("342") ? /\[([^A-Za-z_][A-Za-z0-9_]*)\]/g : (stryCov_9fa48("342", "343", "344"), /\[([A-Za-z_][A-Za-z0-9_]*)\]/g);
export class Compiler {
  /** Tags written in the texts that nothing resolves: `{gretting}`, `[emial]`, `[offer]` without links. */
  readonly unresolved = new Set<string>();
  private readonly linkCache = new Map<string, Template[]>();
  /** Whether `[pixel]` was compiled into HTML. */
  pixelUsed = stryMutAct_9fa48("345") ? true : (stryCov_9fa48("345"), false);

  /**
   * `pixelAlone`: the message has no image of its own, so the tracking pixel is a CSS background of an
   * empty 1x1 block rather than an `<img>`: filters then do not see an image-only message (issue 26).
   */
  private readonly sources: CompileSources;
  private readonly options: {
    pixelAlone?: boolean;
  };
  constructor(sources: CompileSources, options: {
    pixelAlone?: boolean;
  } = {}) {
    if (stryMutAct_9fa48("346")) {
      {}
    } else {
      stryCov_9fa48("346");
      this.sources = sources;
      this.options = options;
    }
  }
  compile(input: string, context: Context): Template {
    if (stryMutAct_9fa48("347")) {
      {}
    } else {
      stryCov_9fa48("347");
      const parts: Part[] = stryMutAct_9fa48("348") ? ["Stryker was here"] : (stryCov_9fa48("348"), []);
      const push = (p: Part) => {
        if (stryMutAct_9fa48("349")) {
          {}
        } else {
          stryCov_9fa48("349");
          const last = parts[stryMutAct_9fa48("350") ? parts.length + 1 : (stryCov_9fa48("350"), parts.length - 1)];
          if (stryMutAct_9fa48("353") ? typeof p === 'string' || typeof last === 'string' : stryMutAct_9fa48("352") ? false : stryMutAct_9fa48("351") ? true : (stryCov_9fa48("351", "352", "353"), (stryMutAct_9fa48("355") ? typeof p !== 'string' : stryMutAct_9fa48("354") ? true : (stryCov_9fa48("354", "355"), typeof p === (stryMutAct_9fa48("356") ? "" : (stryCov_9fa48("356"), 'string')))) && (stryMutAct_9fa48("358") ? typeof last !== 'string' : stryMutAct_9fa48("357") ? true : (stryCov_9fa48("357", "358"), typeof last === (stryMutAct_9fa48("359") ? "" : (stryCov_9fa48("359"), 'string')))))) parts[stryMutAct_9fa48("360") ? parts.length + 1 : (stryCov_9fa48("360"), parts.length - 1)] = stryMutAct_9fa48("361") ? last - p : (stryCov_9fa48("361"), last + p);else if (stryMutAct_9fa48("364") ? p === '' : stryMutAct_9fa48("363") ? false : stryMutAct_9fa48("362") ? true : (stryCov_9fa48("362", "363", "364"), p !== (stryMutAct_9fa48("365") ? "Stryker was here!" : (stryCov_9fa48("365"), '')))) if (stryMutAct_9fa48("366")) {
            ;
          } else {
            stryCov_9fa48("366");
            parts.push(p);
          }
        }
      };
      for (const t of scanMacros(input)) {
        if (stryMutAct_9fa48("367")) {
          {}
        } else {
          stryCov_9fa48("367");
          if (stryMutAct_9fa48("370") ? t.type !== 'text' : stryMutAct_9fa48("369") ? false : stryMutAct_9fa48("368") ? true : (stryCov_9fa48("368", "369", "370"), t.type === (stryMutAct_9fa48("371") ? "" : (stryCov_9fa48("371"), 'text')))) {
            if (stryMutAct_9fa48("372")) {
              {}
            } else {
              stryCov_9fa48("372");
              if (stryMutAct_9fa48("373")) {
                ;
              } else {
                stryCov_9fa48("373");
                push(t.text);
              }
              for (const m of t.text.matchAll(WORD_IN_BRACKETS)) if (stryMutAct_9fa48("374")) {
                ;
              } else {
                stryCov_9fa48("374");
                this.unresolved.add(m[0]);
              }
            }
          } else if (stryMutAct_9fa48("377") ? t.type !== 'static' : stryMutAct_9fa48("376") ? false : stryMutAct_9fa48("375") ? true : (stryCov_9fa48("375", "376", "377"), t.type === (stryMutAct_9fa48("378") ? "" : (stryCov_9fa48("378"), 'static')))) {
            if (stryMutAct_9fa48("379")) {
              ;
            } else {
              stryCov_9fa48("379");
              push(this.staticPart(t.key, context));
            }
          } else if (stryMutAct_9fa48("382") ? t.type !== 'live' : stryMutAct_9fa48("381") ? false : stryMutAct_9fa48("380") ? true : (stryCov_9fa48("380", "381", "382"), t.type === (stryMutAct_9fa48("383") ? "" : (stryCov_9fa48("383"), 'live')))) push(choice(t.options.map(stryMutAct_9fa48("385") ? () => undefined : (stryCov_9fa48("385"), o => this.compile(o, context)))));else {
            if (stryMutAct_9fa48("386")) {
              {}
            } else {
              stryCov_9fa48("386");
              const values = this.sources.tags.get(t.name);
              if (stryMutAct_9fa48("389") ? values || values.length > 0 : stryMutAct_9fa48("388") ? false : stryMutAct_9fa48("387") ? true : (stryCov_9fa48("387", "388", "389"), values && (stryMutAct_9fa48("392") ? values.length <= 0 : stryMutAct_9fa48("391") ? values.length >= 0 : stryMutAct_9fa48("390") ? true : (stryCov_9fa48("390", "391", "392"), values.length > 0)))) push(choice(values.map(stryMutAct_9fa48("394") ? () => undefined : (stryCov_9fa48("394"), v => this.compile(v, context)))));else {
                if (stryMutAct_9fa48("395")) {
                  {}
                } else {
                  stryCov_9fa48("395");
                  if (stryMutAct_9fa48("397") ? false : stryMutAct_9fa48("396") ? true : (stryCov_9fa48("396", "397"), TAG_LIKE.test(t.name))) if (stryMutAct_9fa48("398")) {
                    ;
                  } else {
                    stryCov_9fa48("398");
                    this.unresolved.add(t.raw);
                  }
                  if (stryMutAct_9fa48("399")) {
                    ;
                  } else {
                    stryCov_9fa48("399");
                    push(t.raw);
                  }
                }
              }
            }
          }
        }
      }
      return parts;
    }
  }
  private staticPart(key: string, context: Context): Part {
    if (stryMutAct_9fa48("400")) {
      {}
    } else {
      stryCov_9fa48("400");
      const enc = encode[context];
      const field = stryMutAct_9fa48("401") ? () => undefined : (stryCov_9fa48("401"), (() => {
        const field = (get: (r: Recipient) => string | number | null | undefined) => stryMutAct_9fa48("402") ? () => undefined : (stryCov_9fa48("402"), (r: Recipient) => enc(String(stryMutAct_9fa48("403") ? get(r) && '' : (stryCov_9fa48("403"), get(r) ?? (stryMutAct_9fa48("404") ? "Stryker was here!" : (stryCov_9fa48("404"), ''))))));
        return field;
      })());
      switch (key) {
        case stryMutAct_9fa48("406") ? "" : (stryCov_9fa48("406"), 'email'):
          if (stryMutAct_9fa48("405")) {} else {
            stryCov_9fa48("405");
            return field(stryMutAct_9fa48("407") ? () => undefined : (stryCov_9fa48("407"), r => r.email));
          }
        case stryMutAct_9fa48("409") ? "" : (stryCov_9fa48("409"), 'name'):
          if (stryMutAct_9fa48("408")) {} else {
            stryCov_9fa48("408");
            return field(stryMutAct_9fa48("410") ? () => undefined : (stryCov_9fa48("410"), r => r.name));
          }
        case stryMutAct_9fa48("412") ? "" : (stryCov_9fa48("412"), 'surname'):
          if (stryMutAct_9fa48("411")) {} else {
            stryCov_9fa48("411");
            return field(stryMutAct_9fa48("413") ? () => undefined : (stryCov_9fa48("413"), r => r.surname));
          }
        case stryMutAct_9fa48("415") ? "" : (stryCov_9fa48("415"), 'city'):
          if (stryMutAct_9fa48("414")) {} else {
            stryCov_9fa48("414");
            return field(stryMutAct_9fa48("416") ? () => undefined : (stryCov_9fa48("416"), r => r.city));
          }
        case stryMutAct_9fa48("418") ? "" : (stryCov_9fa48("418"), 'geo'):
          if (stryMutAct_9fa48("417")) {} else {
            stryCov_9fa48("417");
            return field(stryMutAct_9fa48("419") ? () => undefined : (stryCov_9fa48("419"), r => r.geo));
          }
        case stryMutAct_9fa48("421") ? "" : (stryCov_9fa48("421"), 'birthYear'):
          if (stryMutAct_9fa48("420")) {} else {
            stryCov_9fa48("420");
            return field(stryMutAct_9fa48("422") ? () => undefined : (stryCov_9fa48("422"), r => r.birthYear));
          }
        case stryMutAct_9fa48("424") ? "" : (stryCov_9fa48("424"), 'domain'):
          if (stryMutAct_9fa48("423")) {} else {
            stryCov_9fa48("423");
            return field(stryMutAct_9fa48("425") ? () => undefined : (stryCov_9fa48("425"), r => domainOf(r.email)));
          }
        case stryMutAct_9fa48("426") ? "" : (stryCov_9fa48("426"), 'uuid'):
        case stryMutAct_9fa48("428") ? "" : (stryCov_9fa48("428"), 'click_id'):
          if (stryMutAct_9fa48("427")) {} else {
            stryCov_9fa48("427");
            return stryMutAct_9fa48("429") ? () => undefined : (stryCov_9fa48("429"), r => r.uuid);
          }
        case stryMutAct_9fa48("431") ? "" : (stryCov_9fa48("431"), 'trk'):
          if (stryMutAct_9fa48("430")) {} else {
            stryCov_9fa48("430");
            return enc(this.sources.trk);
          }
        case stryMutAct_9fa48("433") ? "" : (stryCov_9fa48("433"), 'date'):
          if (stryMutAct_9fa48("432")) {} else {
            stryCov_9fa48("432");
            return stryMutAct_9fa48("434") ? () => undefined : (stryCov_9fa48("434"), (_, env) => env.date);
          }
        case stryMutAct_9fa48("436") ? "" : (stryCov_9fa48("436"), 'junk'):
          if (stryMutAct_9fa48("435")) {} else {
            stryCov_9fa48("435");
            return stryMutAct_9fa48("437") ? () => undefined : (stryCov_9fa48("437"), (_, env) => junk(env.rng));
          }
        case stryMutAct_9fa48("439") ? "" : (stryCov_9fa48("439"), 'sender'):
          if (stryMutAct_9fa48("438")) {} else {
            stryCov_9fa48("438");
            return stryMutAct_9fa48("440") ? () => undefined : (stryCov_9fa48("440"), (_, env) => enc(stryMutAct_9fa48("441") ? env.sender && '' : (stryCov_9fa48("441"), env.sender ?? (stryMutAct_9fa48("442") ? "Stryker was here!" : (stryCov_9fa48("442"), '')))));
          }
        case stryMutAct_9fa48("444") ? "" : (stryCov_9fa48("444"), 'offer'):
          if (stryMutAct_9fa48("443")) {} else {
            stryCov_9fa48("443");
            return this.linkPart(stryMutAct_9fa48("445") ? "" : (stryCov_9fa48("445"), 'offer'), context);
          }
        case stryMutAct_9fa48("447") ? "" : (stryCov_9fa48("447"), 'unsub'):
          if (stryMutAct_9fa48("446")) {} else {
            stryCov_9fa48("446");
            return this.linkPart(stryMutAct_9fa48("448") ? "" : (stryCov_9fa48("448"), 'unsubscribe'), context);
          }
        case stryMutAct_9fa48("450") ? "" : (stryCov_9fa48("450"), 'pixel'):
          if (stryMutAct_9fa48("449")) {} else {
            stryCov_9fa48("449");
            {
              if (stryMutAct_9fa48("451")) {
                {}
              } else {
                stryCov_9fa48("451");
                if (stryMutAct_9fa48("454") ? context === 'html' : stryMutAct_9fa48("453") ? false : stryMutAct_9fa48("452") ? true : (stryCov_9fa48("452", "453", "454"), context !== (stryMutAct_9fa48("455") ? "" : (stryCov_9fa48("455"), 'html')))) return stryMutAct_9fa48("456") ? "Stryker was here!" : (stryCov_9fa48("456"), '');
                const link = this.linkPart(stryMutAct_9fa48("457") ? "" : (stryCov_9fa48("457"), 'pixel'), stryMutAct_9fa48("458") ? "" : (stryCov_9fa48("458"), 'url'));
                if (stryMutAct_9fa48("461") ? typeof link !== 'string' : stryMutAct_9fa48("460") ? false : stryMutAct_9fa48("459") ? true : (stryCov_9fa48("459", "460", "461"), typeof link === (stryMutAct_9fa48("462") ? "" : (stryCov_9fa48("462"), 'string')))) return link;
                this.pixelUsed = stryMutAct_9fa48("463") ? false : (stryCov_9fa48("463"), true);
                if (stryMutAct_9fa48("465") ? false : stryMutAct_9fa48("464") ? true : (stryCov_9fa48("464", "465"), this.options.pixelAlone)) return stryMutAct_9fa48("466") ? () => undefined : (stryCov_9fa48("466"), (r, env) => stryMutAct_9fa48("467") ? `` : (stryCov_9fa48("467"), `<div style="width:1px;height:1px;line-height:1px;font-size:1px;background-image:url('${escapeHtml(link(r, env))}')"></div>`));
                return stryMutAct_9fa48("468") ? () => undefined : (stryCov_9fa48("468"), (r, env) => stryMutAct_9fa48("469") ? `` : (stryCov_9fa48("469"), `<img src="${link(r, env)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`));
              }
            }
          }
        default:
          if (stryMutAct_9fa48("470")) {} else {
            stryCov_9fa48("470");
            return stryMutAct_9fa48("471") ? `` : (stryCov_9fa48("471"), `[${key}]`);
          }
      }
    }
  }

  /** One link of the group per message, its own macros (`[uuid]`, `[junk]`) expanded, values URL-encoded. */
  private linkPart(kind: keyof CompileSources['links'], context: Context): Part {
    if (stryMutAct_9fa48("472")) {
      {}
    } else {
      stryCov_9fa48("472");
      let compiled = this.linkCache.get(kind);
      if (stryMutAct_9fa48("475") ? false : stryMutAct_9fa48("474") ? true : stryMutAct_9fa48("473") ? compiled : (stryCov_9fa48("473", "474", "475"), !compiled)) {
        if (stryMutAct_9fa48("476")) {
          {}
        } else {
          stryCov_9fa48("476");
          compiled = this.sources.links[kind].map(stryMutAct_9fa48("477") ? () => undefined : (stryCov_9fa48("477"), url => (stryMutAct_9fa48("480") ? typeof url !== 'string' : stryMutAct_9fa48("479") ? false : stryMutAct_9fa48("478") ? true : (stryCov_9fa48("478", "479", "480"), typeof url === (stryMutAct_9fa48("481") ? "" : (stryCov_9fa48("481"), 'string')))) ? this.compile(url, stryMutAct_9fa48("482") ? "" : (stryCov_9fa48("482"), 'url')) : url));
          if (stryMutAct_9fa48("483")) {
            ;
          } else {
            stryCov_9fa48("483");
            this.linkCache.set(kind, compiled);
          }
        }
      }
      if (stryMutAct_9fa48("486") ? compiled.length !== 0 : stryMutAct_9fa48("485") ? false : stryMutAct_9fa48("484") ? true : (stryCov_9fa48("484", "485", "486"), compiled.length === 0)) {
        if (stryMutAct_9fa48("487")) {
          {}
        } else {
          stryCov_9fa48("487");
          this.unresolved.add(stryMutAct_9fa48("489") ? `` : (stryCov_9fa48("489"), `[${(stryMutAct_9fa48("492") ? kind !== 'unsubscribe' : stryMutAct_9fa48("491") ? false : stryMutAct_9fa48("490") ? true : (stryCov_9fa48("490", "491", "492"), kind === (stryMutAct_9fa48("493") ? "" : (stryCov_9fa48("493"), 'unsubscribe')))) ? stryMutAct_9fa48("494") ? "" : (stryCov_9fa48("494"), 'unsub') : kind}]`));
          return stryMutAct_9fa48("495") ? "Stryker was here!" : (stryCov_9fa48("495"), '');
        }
      }
      const link = choice(compiled);
      return (stryMutAct_9fa48("498") ? context === 'html' || typeof link !== 'string' : stryMutAct_9fa48("497") ? false : stryMutAct_9fa48("496") ? true : (stryCov_9fa48("496", "497", "498"), (stryMutAct_9fa48("500") ? context !== 'html' : stryMutAct_9fa48("499") ? true : (stryCov_9fa48("499", "500"), context === (stryMutAct_9fa48("501") ? "" : (stryCov_9fa48("501"), 'html')))) && (stryMutAct_9fa48("503") ? typeof link === 'string' : stryMutAct_9fa48("502") ? true : (stryCov_9fa48("502", "503"), typeof link !== (stryMutAct_9fa48("504") ? "" : (stryCov_9fa48("504"), 'string')))))) ? stryMutAct_9fa48("505") ? () => undefined : (stryCov_9fa48("505"), (r, env) => escapeHtml(link(r, env))) : link;
    }
  }
}

/**
 * A tracked link on the sending relay's own host name: `http://<relay host>:<port><path><uuid>`, then
 * `/<junk>` when `withJunk` (decision 0920). The PMTA campaigns' links: built by the engine from the relay
 * it sends through, never a macro of the catalogue (the relay's host means nothing to a message's author,
 * and in an SMTP campaign it would name the provider's server). A recipient without a relay host is a bug
 * of the caller: it throws rather than send a link that leads nowhere.
 */
export function relayHostLink(port: number, path: string, withJunk: boolean): Template {
  if (stryMutAct_9fa48("506")) {
    {}
  } else {
    stryCov_9fa48("506");
    const base: Part = r => {
      if (stryMutAct_9fa48("507")) {
        {}
      } else {
        stryCov_9fa48("507");
        if (stryMutAct_9fa48("510") ? false : stryMutAct_9fa48("509") ? true : stryMutAct_9fa48("508") ? r.relayHost : (stryCov_9fa48("508", "509", "510"), !r.relayHost)) throw new Error(stryMutAct_9fa48("512") ? "" : (stryCov_9fa48("512"), 'relayHostLink: the recipient has no relay host'));
        return stryMutAct_9fa48("513") ? `` : (stryCov_9fa48("513"), `http://${r.relayHost}:${port}${path}${r.uuid}`);
      }
    };
    return withJunk ? stryMutAct_9fa48("514") ? [] : (stryCov_9fa48("514"), [base, stryMutAct_9fa48("515") ? "" : (stryCov_9fa48("515"), '/'), stryMutAct_9fa48("516") ? () => undefined : (stryCov_9fa48("516"), (_, env) => junk(env.rng))]) : stryMutAct_9fa48("517") ? [] : (stryCov_9fa48("517"), [base]);
  }
}

/** One of several compiled alternatives per message, equally likely. */
function choice(options: Template[]): Part {
  if (stryMutAct_9fa48("518")) {
    {}
  } else {
    stryCov_9fa48("518");
    if (stryMutAct_9fa48("521") ? options.length !== 1 : stryMutAct_9fa48("520") ? false : stryMutAct_9fa48("519") ? true : (stryCov_9fa48("519", "520", "521"), options.length === 1)) return partOf(options[0]!);
    const compiled = options.map(partOf);
    return (r, env) => {
      if (stryMutAct_9fa48("522")) {
        {}
      } else {
        stryCov_9fa48("522");
        const p = compiled[pick(env.rng, compiled.length)]!;
        return (stryMutAct_9fa48("525") ? typeof p !== 'string' : stryMutAct_9fa48("524") ? false : stryMutAct_9fa48("523") ? true : (stryCov_9fa48("523", "524", "525"), typeof p === (stryMutAct_9fa48("526") ? "" : (stryCov_9fa48("526"), 'string')))) ? p : p(r, env);
      }
    };
  }
}

/** A template as one part: a literal when it has no dynamic part, else a function joining its parts. */
function partOf(t: Template): Part {
  if (stryMutAct_9fa48("527")) {
    {}
  } else {
    stryCov_9fa48("527");
    if (stryMutAct_9fa48("530") ? t.length !== 0 : stryMutAct_9fa48("529") ? false : stryMutAct_9fa48("528") ? true : (stryCov_9fa48("528", "529", "530"), t.length === 0)) return stryMutAct_9fa48("531") ? "Stryker was here!" : (stryCov_9fa48("531"), '');
    if (stryMutAct_9fa48("534") ? t.length !== 1 : stryMutAct_9fa48("533") ? false : stryMutAct_9fa48("532") ? true : (stryCov_9fa48("532", "533", "534"), t.length === 1)) return t[0]!;
    return stryMutAct_9fa48("535") ? () => undefined : (stryCov_9fa48("535"), (r, env) => render(t, r, env));
  }
}
export function render(t: Template, r: Recipient, env: RenderEnv): string {
  if (stryMutAct_9fa48("536")) {
    {}
  } else {
    stryCov_9fa48("536");
    let out = stryMutAct_9fa48("537") ? "Stryker was here!" : (stryCov_9fa48("537"), '');
    for (let i = 0; stryMutAct_9fa48("540") ? i >= t.length : stryMutAct_9fa48("539") ? i <= t.length : stryMutAct_9fa48("538") ? false : (stryCov_9fa48("538", "539", "540"), i < t.length); stryMutAct_9fa48("541") ? i-- : (stryCov_9fa48("541"), i++)) {
      if (stryMutAct_9fa48("542")) {
        {}
      } else {
        stryCov_9fa48("542");
        const p = t[i]!;
        stryMutAct_9fa48("543") ? out -= typeof p === 'string' ? p : p(r, env) : (stryCov_9fa48("543"), out += (stryMutAct_9fa48("546") ? typeof p !== 'string' : stryMutAct_9fa48("545") ? false : stryMutAct_9fa48("544") ? true : (stryCov_9fa48("544", "545", "546"), typeof p === (stryMutAct_9fa48("547") ? "" : (stryCov_9fa48("547"), 'string')))) ? p : p(r, env));
      }
    }
    return out;
  }
}