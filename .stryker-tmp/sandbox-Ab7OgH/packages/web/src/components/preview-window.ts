// @ts-nocheck
import type { FilterCheck, PreviewAnswer } from '@console/shared/messages';
import { toast } from '@/components/feedback.tsx';
import { errorLines } from '@/lib/http.ts';

/** "How filters see it" (issue 26): each offline check with pass or fail and what it found. */
function filterPanel(doc: Document, checks: FilterCheck[]) {
  const section = doc.createElement('section');
  section.setAttribute('aria-label', 'How filters see it');
  section.style.cssText =
    'flex:none;max-height:45vh;overflow:auto;padding:10px 16px;border-bottom:1px solid #d9d9d9;background:#fafafa;font-size:13px';
  const title = doc.createElement('h2');
  const failed = checks.filter((c) => !c.pass).length;
  title.textContent = `How filters see it: ${failed ? `${failed} of ${checks.length} checks fail` : 'every check passes'}`;
  title.style.cssText = 'font-size:14px;margin:0 0 6px';
  section.appendChild(title);
  const list = doc.createElement('ul');
  list.style.cssText =
    'list-style:none;margin:0;padding:0;display:grid;grid-template-columns:max-content 1fr;gap:3px 12px';
  for (const c of checks) {
    const name = doc.createElement('li');
    name.style.cssText = `font-weight:600;color:${c.pass ? '#237804' : '#a8071a'}`;
    name.textContent = `${c.pass ? '✓ pass' : '✗ fail'} · ${c.name}`;
    const detail = doc.createElement('li');
    detail.style.color = '#434343';
    detail.textContent = c.detail;
    list.append(name, detail);
  }
  section.appendChild(list);
  return section;
}

/**
 * A preview window, opened at the click (a window opened after an await is a blocked popup) and filled
 * when the answer comes. The message's HTML is shown in a sandboxed frame: its scripts never run with the
 * console's origin (an administrator previews other users' messages).
 */
export async function showPreview(load: () => Promise<PreviewAnswer>) {
  const win = window.open('', '_blank');
  if (!win) {
    toast.error('The browser blocked the preview window: allow pop-ups for this site.');
    return undefined;
  }
  win.opener = null;
  win.document.title = 'Preview';
  win.document.body.textContent = 'Rendering the preview…';
  try {
    const answer = await load();
    const doc = win.document;
    doc.title = answer.subject || 'Preview';
    doc.body.textContent = '';
    doc.body.style.cssText =
      'margin:0;display:flex;flex-direction:column;height:100vh;font-family:system-ui,sans-serif';
    if (answer.filters.length) doc.body.appendChild(filterPanel(doc, answer.filters));
    const frame = doc.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    frame.setAttribute('title', 'Message preview');
    frame.style.cssText = 'border:0;width:100%;flex:1;display:block';
    frame.srcdoc = answer.html;
    doc.body.appendChild(frame);
    if (answer.unresolved.length) toast.warning(`Not resolved: ${answer.unresolved.join(', ')}`);
    return answer;
  } catch (e) {
    win.close();
    toast.error(`Preview failed: ${errorLines(e)[0] ?? 'Some error occurred.'}`);
    return undefined;
  }
}
