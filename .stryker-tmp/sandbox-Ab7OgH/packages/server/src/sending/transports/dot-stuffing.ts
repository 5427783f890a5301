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
import DataStream from 'nodemailer/lib/smtp-connection/data-stream';

/*
 * nodemailer's SMTP client sends every message body through its DataStream, which dot-stuffs it and turns
 * bare CR or LF into CRLF, looking at each byte in JavaScript: about a fifth of a worker's CPU for a 4 KB
 * message (issue 28, decision 1160). The bodies the engine builds (mime.ts) have CRLF line ends only and
 * rarely a line starting with a dot, so such a chunk, found with Buffer.indexOf (native), passes as it is
 * (what nodemailer's transform would output too); any other chunk goes through nodemailer's own transform.
 * Such a chunk is held back until the next one or the end, so that the last one and the final dot leave in
 * one chunk, one socket write (the relay also reads them at once) instead of two (decision 1200).
 */

const CR = 13;
const LF = 10;
const DOT = 46;

/** Whether dot-stuffing and line-end repair leave `chunk` as it is, after a chunk ending in `lastByte`. */
export function untouched(chunk: Buffer, lastByte: number | false): boolean {
  if (stryMutAct_9fa48("548")) {
    {}
  } else {
    stryCov_9fa48("548");
    const len = chunk.length;
    if (stryMutAct_9fa48("551") ? false : stryMutAct_9fa48("550") ? true : stryMutAct_9fa48("549") ? len : (stryCov_9fa48("549", "550", "551"), !len)) return stryMutAct_9fa48("552") ? true : (stryCov_9fa48("552"), false);
    if (stryMutAct_9fa48("555") ? lastByte === CR || chunk[0] !== LF : stryMutAct_9fa48("554") ? false : stryMutAct_9fa48("553") ? true : (stryCov_9fa48("553", "554", "555"), (stryMutAct_9fa48("557") ? lastByte !== CR : stryMutAct_9fa48("556") ? true : (stryCov_9fa48("556", "557"), lastByte === CR)) && (stryMutAct_9fa48("559") ? chunk[0] === LF : stryMutAct_9fa48("558") ? true : (stryCov_9fa48("558", "559"), chunk[0] !== LF)))) return stryMutAct_9fa48("560") ? true : (stryCov_9fa48("560"), false);
    if (stryMutAct_9fa48("563") ? chunk[0] === DOT || lastByte === LF || lastByte === false : stryMutAct_9fa48("562") ? false : stryMutAct_9fa48("561") ? true : (stryCov_9fa48("561", "562", "563"), (stryMutAct_9fa48("565") ? chunk[0] !== DOT : stryMutAct_9fa48("564") ? true : (stryCov_9fa48("564", "565"), chunk[0] === DOT)) && (stryMutAct_9fa48("567") ? lastByte === LF && lastByte === false : stryMutAct_9fa48("566") ? true : (stryCov_9fa48("566", "567"), (stryMutAct_9fa48("569") ? lastByte !== LF : stryMutAct_9fa48("568") ? false : (stryCov_9fa48("568", "569"), lastByte === LF)) || (stryMutAct_9fa48("571") ? lastByte !== false : stryMutAct_9fa48("570") ? false : (stryCov_9fa48("570", "571"), lastByte === (stryMutAct_9fa48("572") ? true : (stryCov_9fa48("572"), false)))))))) return stryMutAct_9fa48("573") ? true : (stryCov_9fa48("573"), false);
    for (let i = chunk.indexOf(LF); stryMutAct_9fa48("575") ? i === -1 : stryMutAct_9fa48("574") ? false : (stryCov_9fa48("574", "575"), i !== (stryMutAct_9fa48("576") ? +1 : (stryCov_9fa48("576"), -1))); i = chunk.indexOf(LF, stryMutAct_9fa48("577") ? i - 1 : (stryCov_9fa48("577"), i + 1))) {
      if (stryMutAct_9fa48("578")) {
        {}
      } else {
        stryCov_9fa48("578");
        if (stryMutAct_9fa48("581") ? (i ? chunk[i - 1] : lastByte) === CR : stryMutAct_9fa48("580") ? false : stryMutAct_9fa48("579") ? true : (stryCov_9fa48("579", "580", "581"), (i ? chunk[stryMutAct_9fa48("582") ? i + 1 : (stryCov_9fa48("582"), i - 1)] : lastByte) !== CR)) return stryMutAct_9fa48("583") ? true : (stryCov_9fa48("583"), false);
        if (stryMutAct_9fa48("586") ? i + 1 < len || chunk[i + 1] === DOT : stryMutAct_9fa48("585") ? false : stryMutAct_9fa48("584") ? true : (stryCov_9fa48("584", "585", "586"), (stryMutAct_9fa48("589") ? i + 1 >= len : stryMutAct_9fa48("588") ? i + 1 <= len : stryMutAct_9fa48("587") ? true : (stryCov_9fa48("587", "588", "589"), (stryMutAct_9fa48("590") ? i - 1 : (stryCov_9fa48("590"), i + 1)) < len)) && (stryMutAct_9fa48("592") ? chunk[i + 1] !== DOT : stryMutAct_9fa48("591") ? true : (stryCov_9fa48("591", "592"), chunk[stryMutAct_9fa48("593") ? i - 1 : (stryCov_9fa48("593"), i + 1)] === DOT)))) return stryMutAct_9fa48("594") ? true : (stryCov_9fa48("594"), false);
      }
    }
    for (let i = chunk.indexOf(CR); stryMutAct_9fa48("596") ? i === -1 : stryMutAct_9fa48("595") ? false : (stryCov_9fa48("595", "596"), i !== (stryMutAct_9fa48("597") ? +1 : (stryCov_9fa48("597"), -1))); i = chunk.indexOf(CR, stryMutAct_9fa48("598") ? i - 1 : (stryCov_9fa48("598"), i + 1))) {
      if (stryMutAct_9fa48("599")) {
        {}
      } else {
        stryCov_9fa48("599");
        if (stryMutAct_9fa48("602") ? i + 1 < len || chunk[i + 1] !== LF : stryMutAct_9fa48("601") ? false : stryMutAct_9fa48("600") ? true : (stryCov_9fa48("600", "601", "602"), (stryMutAct_9fa48("605") ? i + 1 >= len : stryMutAct_9fa48("604") ? i + 1 <= len : stryMutAct_9fa48("603") ? true : (stryCov_9fa48("603", "604", "605"), (stryMutAct_9fa48("606") ? i - 1 : (stryCov_9fa48("606"), i + 1)) < len)) && (stryMutAct_9fa48("608") ? chunk[i + 1] === LF : stryMutAct_9fa48("607") ? true : (stryCov_9fa48("607", "608"), chunk[stryMutAct_9fa48("609") ? i - 1 : (stryCov_9fa48("609"), i + 1)] !== LF)))) return stryMutAct_9fa48("610") ? true : (stryCov_9fa48("610"), false);
      }
    }
    return stryMutAct_9fa48("611") ? false : (stryCov_9fa48("611"), true);
  }
}
type Done = (e?: Error | null) => void;
interface DataStreamState {
  lastByte: number | false;
  /** A chunk that passed as it is, not pushed yet. */
  held?: Buffer;
  inByteCount: number;
  outByteCount: number;
  push(chunk: Buffer): boolean;
}
const proto = DataStream.prototype as unknown as {
  _transform(this: DataStreamState, chunk: unknown, encoding: BufferEncoding, done: Done): void;
  _flush(this: DataStreamState, done: Done): void;
};
/** nodemailer's own transform and end (kept for every chunk that needs them, and for the tests). */
export const nodemailerTransform = proto._transform;
export const nodemailerFlush = proto._flush;
const pushHeld = (s: DataStreamState) => {
  if (stryMutAct_9fa48("612")) {
    {}
  } else {
    stryCov_9fa48("612");
    if (stryMutAct_9fa48("614") ? false : stryMutAct_9fa48("613") ? true : (stryCov_9fa48("613", "614"), s.held)) if (stryMutAct_9fa48("615")) {
      ;
    } else {
      stryCov_9fa48("615");
      s.push(s.held);
    }
    s.held = undefined;
  }
};
proto._transform = function (this: DataStreamState, chunk: unknown, encoding: BufferEncoding, done: Done) {
  if (stryMutAct_9fa48("616")) {
    {}
  } else {
    stryCov_9fa48("616");
    if (stryMutAct_9fa48("619") ? !Buffer.isBuffer(chunk) && !untouched(chunk, this.lastByte) : stryMutAct_9fa48("618") ? false : stryMutAct_9fa48("617") ? true : (stryCov_9fa48("617", "618", "619"), (stryMutAct_9fa48("620") ? Buffer.isBuffer(chunk) : (stryCov_9fa48("620"), !Buffer.isBuffer(chunk))) || (stryMutAct_9fa48("621") ? untouched(chunk, this.lastByte) : (stryCov_9fa48("621"), !untouched(chunk, this.lastByte))))) {
      if (stryMutAct_9fa48("622")) {
        {}
      } else {
        stryCov_9fa48("622");
        if (stryMutAct_9fa48("623")) {
          ;
        } else {
          stryCov_9fa48("623");
          pushHeld(this);
        }
        return nodemailerTransform.call(this, chunk, encoding, done);
      }
    }
    stryMutAct_9fa48("624") ? this.inByteCount -= chunk.length : (stryCov_9fa48("624"), this.inByteCount += chunk.length);
    stryMutAct_9fa48("625") ? this.outByteCount -= chunk.length : (stryCov_9fa48("625"), this.outByteCount += chunk.length);
    if (stryMutAct_9fa48("626")) {
      ;
    } else {
      stryCov_9fa48("626");
      pushHeld(this);
    }
    this.held = chunk;
    this.lastByte = chunk[stryMutAct_9fa48("627") ? chunk.length + 1 : (stryCov_9fa48("627"), chunk.length - 1)]!;
    if (stryMutAct_9fa48("628")) {
      ;
    } else {
      stryCov_9fa48("628");
      done();
    }
  }
};

/** The final dot after a last byte: what nodemailer's end pushes (a test compares whole streams). */
const END_AFTER_LF = Buffer.from(stryMutAct_9fa48("629") ? "" : (stryCov_9fa48("629"), '.\r\n'));
const END_AFTER_CR = Buffer.from(stryMutAct_9fa48("630") ? "" : (stryCov_9fa48("630"), '\n.\r\n'));
const END_OTHERWISE = Buffer.from(stryMutAct_9fa48("631") ? "" : (stryCov_9fa48("631"), '\r\n.\r\n'));
proto._flush = function (this: DataStreamState, done: Done) {
  if (stryMutAct_9fa48("632")) {
    {}
  } else {
    stryCov_9fa48("632");
    const held = this.held;
    if (stryMutAct_9fa48("635") ? false : stryMutAct_9fa48("634") ? true : stryMutAct_9fa48("633") ? held : (stryCov_9fa48("633", "634", "635"), !held)) return nodemailerFlush.call(this, done);
    this.held = undefined;
    const end = (stryMutAct_9fa48("638") ? this.lastByte !== LF : stryMutAct_9fa48("637") ? false : stryMutAct_9fa48("636") ? true : (stryCov_9fa48("636", "637", "638"), this.lastByte === LF)) ? END_AFTER_LF : (stryMutAct_9fa48("641") ? this.lastByte !== CR : stryMutAct_9fa48("640") ? false : stryMutAct_9fa48("639") ? true : (stryCov_9fa48("639", "640", "641"), this.lastByte === CR)) ? END_AFTER_CR : END_OTHERWISE;
    stryMutAct_9fa48("642") ? this.outByteCount -= end.length : (stryCov_9fa48("642"), this.outByteCount += end.length);
    this.push(Buffer.concat(stryMutAct_9fa48("644") ? [] : (stryCov_9fa48("644"), [held, end]), stryMutAct_9fa48("645") ? held.length - end.length : (stryCov_9fa48("645"), held.length + end.length)));
    if (stryMutAct_9fa48("646")) {
      ;
    } else {
      stryCov_9fa48("646");
      done();
    }
  }
};