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
  if (IMG.test(html)) return true;
  for (const values of sources.tags.values()) if (values.some((v) => IMG.test(v))) return true;
  return false;
}

export function compileMessage(texts: MessageTexts, sources: CompileSources): CompiledMessage {
  const pixelAlone = !hasOwnImage(texts.html, sources);
  const c = new Compiler(sources, { pixelAlone });
  const compiled = {
    sender: c.compile(texts.sender, 'text'),
    subject: c.compile(texts.subject, 'text'),
    html: c.compile(texts.html, 'html'),
    text: texts.text?.trim() ? c.compile(texts.text, 'text') : null,
  };
  return { ...compiled, unresolved: [...c.unresolved].sort(), pixelOnlyImage: pixelAlone && c.pixelUsed };
}

/** One recipient's message. The sender is rendered first: `[sender]` in the subject or body is that value. */
export function renderMessage(m: CompiledMessage, r: Recipient, env: Omit<RenderEnv, 'sender'>) {
  const sender = render(m.sender, r, env);
  const withSender = { ...env, sender };
  return {
    sender,
    subject: render(m.subject, r, withSender),
    html: render(m.html, r, withSender),
    ...(m.text ? { text: render(m.text, r, withSender) } : {}),
  };
}

/** `[date]` for a batch rendered at `now`. */
export const renderDate = (now = new Date()) => now.toISOString().slice(0, 10);
