// @ts-nocheck
import { PmtaConfigMessages as M, type PmtaConfigContent } from '@console/shared/pmta-configs';
import { toast } from '@/components/feedback.tsx';

/**
 * The config's content in a new window (spec 3), opened at the click (a window opened after an await is a
 * blocked popup) and filled when the answer comes; a failed fetch says 'Oops! Sorry, something went wrong.'
 * there. The text goes in as text, never as HTML.
 */
export async function showContent(load: () => Promise<PmtaConfigContent>) {
  const win = window.open('', '_blank');
  if (!win) {
    toast.error('The browser blocked the window: allow pop-ups for this site.');
    return;
  }
  win.opener = null;
  const doc = win.document;
  doc.title = 'PMTA config';
  doc.body.textContent = 'Loading…';
  try {
    const config = await load();
    doc.title = `${config.name} (${config.fileName})`;
    const pre = doc.createElement('pre');
    pre.style.cssText =
      'margin:0;padding:16px;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap';
    pre.textContent = config.content;
    doc.body.textContent = '';
    doc.body.style.margin = '0';
    doc.body.appendChild(pre);
  } catch {
    doc.body.textContent = M.contentFailed;
  }
}
