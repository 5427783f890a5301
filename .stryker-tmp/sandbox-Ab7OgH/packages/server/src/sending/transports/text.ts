// @ts-nocheck
import { compile } from 'html-to-text';

/*
 * The text/plain alternative of a message made from its HTML (issue 26, decision 1020) by html-to-text:
 * links stay readable as `text [url]` (once when the text is the URL itself), images and the tracking pixel
 * leave nothing, headings and lists keep their shape, lines wrap at 76 characters. Compiled once.
 */
const convert = compile({
  wordwrap: 76,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, ignoreHref: false } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'td', format: 'block' },
    { selector: 'th', format: 'block' },
  ],
});

export const textOfHtml = (html: string): string => convert(html);
