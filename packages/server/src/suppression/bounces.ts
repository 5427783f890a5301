import {
  BASIC_RULES,
  BounceCategories,
  ENHANCED_RULES,
  OUTCOME_OF,
  STRONG_RULES,
  WEAK_RULES,
  type BounceCategory,
  type BounceOutcome,
  type WordRule,
} from './bounce-rules.ts';

/*
 * The one bounce classifier (issue 39, decision 1360): an SMTP reply at send time (sending/outcomes.ts),
 * PMTA's `b` and `rb` accounting records (pmta/accounting/campaigns.ts), later a DSN read from a mailbox.
 * Every bounce gets a category of PMTA.md and one outcome: permanent, temporary or infrastructure.
 */

export interface BounceInput {
  /** The basic reply code when the caller knows it; else read from the text's start. */
  code?: number;
  /** The reply or diagnostic text (`smtp; 550 5.1.1 ...` is read as `550 5.1.1 ...`). */
  text: string;
  /** PMTA's own category of the record, '' or undefined when none. */
  bounceCat?: string;
}

export interface ClassifiedBounce {
  category: BounceCategory;
  outcome: BounceOutcome;
}

const CATEGORIES: ReadonlySet<string> = new Set(BounceCategories);
const ENHANCED = new Map(ENHANCED_RULES.map((r) => [r.code, r.category]));
const BASIC = new Map(BASIC_RULES.map((r) => [r.code, r.category]));
const ENHANCED_CODE = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
const BASIC_CODE = /^\s*(?:smtp;\s*)?([245]\d\d)(?=[\s-]|$)/i;

const firstMatch = (rules: readonly WordRule[], text: string) => rules.find((r) => r.pattern.test(text))?.category;

/** The category of a reply from its words and codes (PMTA's bounceCat aside): decision 0802's order. */
export function categorize(code: number, text: string): BounceCategory {
  const strong = firstMatch(STRONG_RULES, text);
  if (strong) return strong;
  const enhanced = ENHANCED_CODE.exec(text);
  if (enhanced) {
    const c = ENHANCED.get(`${Number(enhanced[2])}.${Number(enhanced[3])}`);
    if (c) return c;
  }
  const weak = firstMatch(WEAK_RULES, text);
  if (weak) return weak;
  if (enhanced?.[2] === '7') return 'policy-related';
  return BASIC.get(code) ?? 'other';
}

/** The basic code of a reply: the caller's, else the text's first three digits (0 when none). */
export const basicCode = (b: BounceInput) => b.code || Number(BASIC_CODE.exec(b.text)?.[1] ?? 0);

/** Whether the reply says "try again": a 4xx basic code, or a 4.x.x enhanced code with no basic one. */
function transient(code: number, text: string) {
  if (code) return code >= 400 && code < 500;
  return ENHANCED_CODE.exec(text)?.[1] === '4';
}

export function classifyBounce(b: BounceInput): ClassifiedBounce {
  const text = b.text.replace(/^\s*smtp;\s*/i, '');
  const code = basicCode(b);
  let category: BounceCategory;
  if (b.bounceCat && CATEGORIES.has(b.bounceCat)) {
    category = b.bounceCat as BounceCategory;
    // PMTA's category is taken, but a reply that names a block list or spam never suppresses its recipient.
    const strong = firstMatch(STRONG_RULES, text);
    if (strong && OUTCOME_OF[strong] === 'infrastructure' && OUTCOME_OF[category] !== 'infrastructure')
      category = strong;
  } else category = categorize(code, text);
  let outcome = OUTCOME_OF[category];
  // A receiver that says "later" has not said the address is dead.
  if (outcome === 'permanent' && transient(code, text)) outcome = 'temporary';
  return { category, outcome };
}
