import type { PreviewAnswer } from '@console/shared/messages';
import { toast } from '@/components/feedback.tsx';
import { errorLines } from '@/lib/http.ts';

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
    doc.body.style.margin = '0';
    const frame = doc.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    frame.setAttribute('title', 'Message preview');
    frame.style.cssText = 'border:0;width:100%;height:100vh;display:block';
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
