import { Compiler, render, type CompileSources, type Recipient, type RenderEnv, type Template } from './template.ts';

/** A message compiled once for a campaign: its sender, subject and HTML, and the tags nothing resolves. */
export interface CompiledMessage {
  sender: Template;
  subject: Template;
  html: Template;
  unresolved: string[];
}

export interface MessageTexts {
  sender: string;
  subject: string;
  html: string;
}

export function compileMessage(texts: MessageTexts, sources: CompileSources): CompiledMessage {
  const c = new Compiler(sources);
  const compiled = {
    sender: c.compile(texts.sender, 'text'),
    subject: c.compile(texts.subject, 'text'),
    html: c.compile(texts.html, 'html'),
  };
  return { ...compiled, unresolved: [...c.unresolved].sort() };
}

/** One recipient's message. The sender is rendered first: `[sender]` in the subject or body is that value. */
export function renderMessage(m: CompiledMessage, r: Recipient, env: Omit<RenderEnv, 'sender'>) {
  const sender = render(m.sender, r, env);
  const withSender = { ...env, sender };
  return { sender, subject: render(m.subject, r, withSender), html: render(m.html, r, withSender) };
}

/** `[date]` for a batch rendered at `now`. */
export const renderDate = (now = new Date()) => now.toISOString().slice(0, 10);
