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
  links: { offer: readonly LinkSource[]; unsubscribe: readonly LinkSource[]; pixel: readonly LinkSource[] };
  /** `[trk]`: the campaign's tracking code, e.g. `smtp-42`. */
  trk: string;
}

const HTML_SPECIAL = /[&<>"']/;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => (HTML_SPECIAL.test(s) ? s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : s);
const encode: Record<Context, (s: string) => string> = { text: (s) => s, html: escapeHtml, url: encodeURIComponent };

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** What a tag name could be (a typo worth telling about), as opposed to CSS or JSON between braces. */
const TAG_LIKE = /^[\w .-]{1,100}$/;
const WORD_IN_BRACKETS = /\[([A-Za-z_][A-Za-z0-9_]*)\]/g;

export class Compiler {
  /** Tags written in the texts that nothing resolves: `{gretting}`, `[emial]`, `[offer]` without links. */
  readonly unresolved = new Set<string>();
  private readonly linkCache = new Map<string, Template[]>();
  /** Whether `[pixel]` was compiled into HTML. */
  pixelUsed = false;

  /**
   * `pixelAlone`: the message has no image of its own, so the tracking pixel is a CSS background of an
   * empty 1x1 block rather than an `<img>`: filters then do not see an image-only message (issue 26).
   */
  private readonly sources: CompileSources;
  private readonly options: { pixelAlone?: boolean };

  constructor(sources: CompileSources, options: { pixelAlone?: boolean } = {}) {
    this.sources = sources;
    this.options = options;
  }

  compile(input: string, context: Context): Template {
    const parts: Part[] = [];
    const push = (p: Part) => {
      const last = parts[parts.length - 1];
      if (typeof p === 'string' && typeof last === 'string') parts[parts.length - 1] = last + p;
      else if (p !== '') parts.push(p);
    };
    for (const t of scanMacros(input)) {
      if (t.type === 'text') {
        push(t.text);
        for (const m of t.text.matchAll(WORD_IN_BRACKETS)) this.unresolved.add(m[0]);
      } else if (t.type === 'static') push(this.staticPart(t.key, context));
      else if (t.type === 'live') push(choice(t.options.map((o) => this.compile(o, context))));
      else {
        const values = this.sources.tags.get(t.name);
        if (values && values.length > 0) push(choice(values.map((v) => this.compile(v, context))));
        else {
          if (TAG_LIKE.test(t.name)) this.unresolved.add(t.raw);
          push(t.raw);
        }
      }
    }
    return parts;
  }

  private staticPart(key: string, context: Context): Part {
    const enc = encode[context];
    const field = (get: (r: Recipient) => string | number | null | undefined) => (r: Recipient) =>
      enc(String(get(r) ?? ''));
    switch (key) {
      case 'email':
        return field((r) => r.email);
      case 'name':
        return field((r) => r.name);
      case 'surname':
        return field((r) => r.surname);
      case 'city':
        return field((r) => r.city);
      case 'geo':
        return field((r) => r.geo);
      case 'birthYear':
        return field((r) => r.birthYear);
      case 'domain':
        return field((r) => domainOf(r.email));
      case 'uuid':
      case 'click_id':
        return (r) => r.uuid;
      case 'trk':
        return enc(this.sources.trk);
      case 'date':
        return (_, env) => env.date;
      case 'junk':
        return (_, env) => junk(env.rng);
      case 'sender':
        return (_, env) => enc(env.sender ?? '');
      case 'offer':
        return this.linkPart('offer', context);
      case 'unsub':
        return this.linkPart('unsubscribe', context);
      case 'pixel': {
        if (context !== 'html') return '';
        const link = this.linkPart('pixel', 'url');
        if (typeof link === 'string') return link;
        this.pixelUsed = true;
        if (this.options.pixelAlone)
          return (r, env) =>
            `<div style="width:1px;height:1px;line-height:1px;font-size:1px;background-image:url('${escapeHtml(link(r, env))}')"></div>`;
        return (r, env) =>
          `<img src="${link(r, env)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
      }
      default:
        return `[${key}]`;
    }
  }

  /** One link of the group per message, its own macros (`[uuid]`, `[junk]`) expanded, values URL-encoded. */
  private linkPart(kind: keyof CompileSources['links'], context: Context): Part {
    let compiled = this.linkCache.get(kind);
    if (!compiled) {
      compiled = this.sources.links[kind].map((url) => (typeof url === 'string' ? this.compile(url, 'url') : url));
      this.linkCache.set(kind, compiled);
    }
    if (compiled.length === 0) {
      this.unresolved.add(`[${kind === 'unsubscribe' ? 'unsub' : kind}]`);
      return '';
    }
    const link = choice(compiled);
    return context === 'html' && typeof link !== 'string' ? (r, env) => escapeHtml(link(r, env)) : link;
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
  const base: Part = (r) => {
    if (!r.relayHost) throw new Error('relayHostLink: the recipient has no relay host');
    return `http://${r.relayHost}:${port}${path}${r.uuid}`;
  };
  return withJunk ? [base, '/', (_, env) => junk(env.rng)] : [base];
}

/** One of several compiled alternatives per message, equally likely. */
function choice(options: Template[]): Part {
  if (options.length === 1) return partOf(options[0]!);
  const compiled = options.map(partOf);
  return (r, env) => {
    const p = compiled[pick(env.rng, compiled.length)]!;
    return typeof p === 'string' ? p : p(r, env);
  };
}

/** A template as one part: a literal when it has no dynamic part, else a function joining its parts. */
function partOf(t: Template): Part {
  if (t.length === 0) return '';
  if (t.length === 1) return t[0]!;
  return (r, env) => render(t, r, env);
}

export function render(t: Template, r: Recipient, env: RenderEnv): string {
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const p = t[i]!;
    out += typeof p === 'string' ? p : p(r, env);
  }
  return out;
}
