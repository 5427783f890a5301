// @ts-nocheck
import type { Rule } from 'eslint';

export declare const outboundDoor: Rule.RuleModule;
