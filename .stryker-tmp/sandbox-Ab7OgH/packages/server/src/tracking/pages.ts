/* What the tracking endpoints answer with: the pixel and the unsubscribe pages (plain HTML, no scripts). */
// @ts-nocheck


/** A 1x1 transparent GIF (43 bytes). */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const NO_CACHE = {
  'cache-control': 'no-store, no-cache, must-revalidate, max-age=0',
  pragma: 'no-cache',
  expires: '0',
};

/** The pages allow no script, nothing from elsewhere, and a form posting back here only. */
export const PAGE_HEADERS = {
  ...NO_CACHE,
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}
button{font-size:1rem;padding:.5rem 1.25rem;cursor:pointer}</style></head>
<body>${body}</body></html>
`;

/** The confirmation page: the button posts the RFC 8058 body to this same address. */
export function unsubscribePage(email: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1>
<p>Stop sending these e-mails to <strong>${escape(email)}</strong>?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(email: string): string {
  return page(
    'Unsubscribed',
    `<h1>Unsubscribed</h1>
<p><strong>${escape(email)}</strong> will not receive these e-mails any more.</p>`,
  );
}
