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
import { Compiler, render, type CompileSources, type Recipient, type RenderEnv, type Template } from './template.ts';

/** A message compiled once for a campaign: its sender, subject and HTML, and the tags nothing resolves. */
export interface CompiledMessage {
  sender: Template;
  subject: Template;
  html: Template;
  /** The message's own text/plain alternative (null: the MIME builder makes one from the HTML). */
  text: Template | null;
  unresolved: string[];
  /** `[pixel]` is used and the message has no other image (issue 26): the pixel is then not an `<img>`. */
  pixelOnlyImage: boolean;
}
export interface MessageTexts {
  sender: string;
  subject: string;
  html: string;
  text?: string | null;
}
const IMG = /<img\b/i;

/** Whether the message shows an image of its own (the HTML or one of the tags it may pick), `[pixel]` aside. */
function hasOwnImage(html: string, sources: CompileSources) {
  if (stryMutAct_9fa48("271")) {
    {}
  } else {
    stryCov_9fa48("271");
    if (stryMutAct_9fa48("273") ? false : stryMutAct_9fa48("272") ? true : (stryCov_9fa48("272", "273"), IMG.test(html))) return stryMutAct_9fa48("274") ? false : (stryCov_9fa48("274"), true);
    for (const values of sources.tags.values()) if (stryMutAct_9fa48("277") ? values.every(v => IMG.test(v)) : stryMutAct_9fa48("276") ? false : stryMutAct_9fa48("275") ? true : (stryCov_9fa48("275", "276", "277"), values.some(stryMutAct_9fa48("278") ? () => undefined : (stryCov_9fa48("278"), v => IMG.test(v))))) return stryMutAct_9fa48("279") ? false : (stryCov_9fa48("279"), true);
    return stryMutAct_9fa48("280") ? true : (stryCov_9fa48("280"), false);
  }
}
export function compileMessage(texts: MessageTexts, sources: CompileSources): CompiledMessage {
  if (stryMutAct_9fa48("281")) {
    {}
  } else {
    stryCov_9fa48("281");
    const pixelAlone = stryMutAct_9fa48("282") ? hasOwnImage(texts.html, sources) : (stryCov_9fa48("282"), !hasOwnImage(texts.html, sources));
    const c = new Compiler(sources, stryMutAct_9fa48("283") ? {} : (stryCov_9fa48("283"), {
      pixelAlone
    }));
    const compiled = stryMutAct_9fa48("284") ? {} : (stryCov_9fa48("284"), {
      sender: c.compile(texts.sender, stryMutAct_9fa48("285") ? "" : (stryCov_9fa48("285"), 'text')),
      subject: c.compile(texts.subject, stryMutAct_9fa48("286") ? "" : (stryCov_9fa48("286"), 'text')),
      html: c.compile(texts.html, stryMutAct_9fa48("287") ? "" : (stryCov_9fa48("287"), 'html')),
      text: (stryMutAct_9fa48("289") ? texts.text.trim() : stryMutAct_9fa48("288") ? texts.text : (stryCov_9fa48("288", "289"), texts.text?.trim())) ? c.compile(texts.text, stryMutAct_9fa48("290") ? "" : (stryCov_9fa48("290"), 'text')) : null
    });
    return stryMutAct_9fa48("291") ? {} : (stryCov_9fa48("291"), {
      ...compiled,
      unresolved: stryMutAct_9fa48("292") ? [...c.unresolved] : (stryCov_9fa48("292"), (stryMutAct_9fa48("293") ? [] : (stryCov_9fa48("293"), [...c.unresolved])).sort()),
      pixelOnlyImage: stryMutAct_9fa48("296") ? pixelAlone || c.pixelUsed : stryMutAct_9fa48("295") ? false : stryMutAct_9fa48("294") ? true : (stryCov_9fa48("294", "295", "296"), pixelAlone && c.pixelUsed)
    });
  }
}

/** One recipient's message. The sender is rendered first: `[sender]` in the subject or body is that value. */
export function renderMessage(m: CompiledMessage, r: Recipient, env: Omit<RenderEnv, 'sender'>) {
  if (stryMutAct_9fa48("297")) {
    {}
  } else {
    stryCov_9fa48("297");
    const sender = render(m.sender, r, env);
    const withSender = stryMutAct_9fa48("298") ? {} : (stryCov_9fa48("298"), {
      ...env,
      sender
    });
    return stryMutAct_9fa48("299") ? {} : (stryCov_9fa48("299"), {
      sender,
      subject: render(m.subject, r, withSender),
      html: render(m.html, r, withSender),
      ...(m.text ? stryMutAct_9fa48("300") ? {} : (stryCov_9fa48("300"), {
        text: render(m.text, r, withSender)
      }) : {})
    });
  }
}

/** `[date]` for a batch rendered at `now`. */
export const renderDate = stryMutAct_9fa48("301") ? () => undefined : (stryCov_9fa48("301"), (() => {
  const renderDate = (now = new Date()) => stryMutAct_9fa48("302") ? now.toISOString() : (stryCov_9fa48("302"), now.toISOString().slice(0, 10));
  return renderDate;
})());