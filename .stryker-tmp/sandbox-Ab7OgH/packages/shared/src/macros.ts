/*
 * The macro syntax of messages, subjects, senders and link templates (spec 3 "Messages", ARCHITECTURE §4):
 * static tags in square brackets (`[email]`), a saved dynamic tag in curly braces (`{greeting}`: one
 * random value of the tag per message), a live tag as alternatives separated by a pipe (`{Hi|Hello}`).
 * The renderer (server `sending/render/`) compiles with `scanMacros`; the editor shows the catalogue.
 */
// @ts-nocheck


export interface StaticMacro {
  /** As written in a message, brackets included: `[email]`. */
  name: string;
  description: string;
}

/** Every static tag the renderer knows (GET /api/global_macros), in the order the editor lists them. */
export const STATIC_MACROS = [
  { name: '[email]', description: "The recipient's e-mail address." },
  { name: '[name]', description: "The recipient's first name from the list (empty when it has none)." },
  { name: '[surname]', description: "The recipient's last name from the list." },
  { name: '[city]', description: "The recipient's city from the list." },
  { name: '[geo]', description: "The recipient's country or region from the list." },
  { name: '[birthYear]', description: "The recipient's year of birth from the list." },
  { name: '[domain]', description: "The domain of the recipient's address, e.g. gmail.com." },
  { name: '[uuid]', description: "The recipient's tracking id in this campaign; every tracked link carries it." },
  { name: '[click_id]', description: 'The id an offer URL or a postback knows the click by (the tracking id).' },
  { name: '[trk]', description: "The campaign's tracking code: its type and id, e.g. smtp-42." },
  { name: '[date]', description: "Today's date in UTC, YYYY-MM-DD." },
  { name: '[junk]', description: 'Twelve random letters and digits, new in every message.' },
  { name: '[offer]', description: "A link of the campaign's offer link group: the tracked way to the offer." },
  { name: '[unsub]', description: "A link of the campaign's unsubscribe link group." },
  { name: '[pixel]', description: "The open-tracking pixel: an <img> from the campaign's pixel link group." },
  { name: '[sender]', description: "The campaign's sender, as rendered for this message." },
] as const satisfies readonly StaticMacro[];

/** `email`, `name`, ... (without brackets). */
export type StaticKey = (typeof STATIC_MACROS)[number]['name'] extends `[${infer K}]` ? K : never;
export const STATIC_KEYS = new Set<string>(STATIC_MACROS.map((m) => m.name.slice(1, -1)));

/** The editor's three hints (spec 3). */
export const MACRO_HINTS = [
  'Static tags are written in square brackets: [email].',
  'A dynamic tag is written in curly braces: {tagName}.',
  'A live dynamic tag holds alternatives separated by a pipe: {value 1|value 2|value 3}.',
] as const;

/** What a tag name may be: the braces and the pipe are the syntax, a line break ends a tag. */
export const TAG_NAME_FORBIDDEN = /[{}|\r\n]/;

export type MacroToken =
  | { type: 'text'; text: string }
  /** A known static tag, key without brackets. */
  | { type: 'static'; key: string }
  /** `{name}`: a saved tag if one of that name exists, else left as written. */
  | { type: 'dynamic'; name: string; raw: string }
  /** `{a|b|c}`: the alternatives, as written (they may hold static tags). */
  | { type: 'live'; options: string[] };

const WORD = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The longest static or dynamic tag the scanner looks for (longer brackets are text: CSS, JSON, prose). */
const MAX_TAG = 1000;

/**
 * Splits a text into literal text and tags. Anything that is not a tag stays text as written: unknown
 * `[words]`, `[` or `{` alone, CSS and JSON braces (`{ color: red; }` is a dynamic name no tag will have),
 * `{{ mustache }}` (double braces are never a tag), braces across lines.
 */
export function* scanMacros(input: string): Generator<MacroToken> {
  const special = /[[{]/g;
  let text = '';
  let i = 0;
  const n = input.length;
  while (i < n) {
    // Plain text up to the next bracket or brace in one slice.
    special.lastIndex = i;
    const next = special.exec(input)?.index ?? n;
    text += input.slice(i, next);
    i = next;
    if (i >= n) break;
    if (input.charCodeAt(i) === 0x5b /* [ */) {
      const end = input.indexOf(']', i + 1);
      const key = end > i && end - i <= 64 ? input.slice(i + 1, end) : '';
      if (key && WORD.test(key) && STATIC_KEYS.has(key)) {
        if (text) yield { type: 'text', text };
        text = '';
        yield { type: 'static', key };
        i = end + 1;
        continue;
      }
    } else if (input.charCodeAt(i + 1) === 0x7b) {
      // `{{ ... }}` is someone else's template syntax: copied through whole.
      const end = input.indexOf('}}', i + 2);
      const stop = end < 0 ? n : end + 2;
      text += input.slice(i, stop);
      i = stop;
      continue;
    } else {
      const end = input.indexOf('}', i + 1);
      const body = end > i && end - i <= MAX_TAG ? input.slice(i + 1, end) : null;
      if (body !== null && body.length > 0 && !/[{\r\n]/.test(body)) {
        if (text) yield { type: 'text', text };
        text = '';
        if (body.includes('|')) yield { type: 'live', options: body.split('|') };
        else yield { type: 'dynamic', name: body, raw: input.slice(i, end + 1) };
        i = end + 1;
        continue;
      }
    }
    text += input[i];
    i++;
  }
  if (text) yield { type: 'text', text };
}
