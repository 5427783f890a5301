// @ts-nocheck
import { z } from 'zod';
import { TEXT_MAX, optionalReference, reference, requiredString, tooLong } from './fields.ts';
import { refItem, userRefItem } from './hydra.ts';
import { LinkTypeNames } from './link-groups.ts';

export const LinkMessages = {
  groupRequired: 'Group is required.',
  urlRequired: 'URL is required.',
  urlInvalid: 'URL must be an http or https address, e.g. https://trk.example.com/t/c/[uuid].',
  uuidMissing: 'The URL must hold [uuid]: without it nothing could be tracked through the link.',
  urlControl: 'URL must not contain spaces or control characters (line breaks, tabs).',
  onlyTrackingMacros: 'A link may hold only the macros [uuid] and [junk].',
  groupNotOwners: "The group must be one of the owner's link groups.",
  userNotFound: 'User not found.',
  deleteConfirm: 'Are you sure you want to delete?',
  deleted: 'Deleted successfully!',
} as const;
const M = LinkMessages;

/** The macros of a link: the recipient's tracking id and random characters (ARCHITECTURE §5). */
/** An unsubscribe link over plain http:// (issue 26): allowed, but one-click is then ignored by large providers. */
export const isHttpLink = (url: string) => /^http:/i.test(url.trim());

export const LINK_MACROS = ['[uuid]', '[junk]'] as const;

/** Why a URL template cannot be a tracked link, or null. */
export function linkUrlProblem(url: string): string | null {
  // A URL parser drops tabs and line breaks silently; a header line smuggled after CR LF must not be stored.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(url)) return M.urlControl;
  if (!url.includes('[uuid]')) return M.uuidMissing;
  const others = url
    .match(/\[[A-Za-z_][A-Za-z0-9_]*\]/g)
    ?.filter((m) => !(LINK_MACROS as readonly string[]).includes(m));
  if (others?.length) return M.onlyTrackingMacros;
  // The host is written out: a macro there (or `https:///[uuid]`, which URL parsers read as a host) is no address.
  if (!/^https?:\/\/[^/\s[\]]/i.test(url)) return M.urlInvalid;
  try {
    const u = new URL(url.replaceAll('[uuid]', 'x').replaceAll('[junk]', 'x'));
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return M.urlInvalid;
  } catch {
    return M.urlInvalid;
  }
  return null;
}

export const linkSchema = z.object({
  group: reference(M.groupRequired),
  url: requiredString(M.urlRequired)
    .max(TEXT_MAX, tooLong('URL', TEXT_MAX))
    .superRefine((url, ctx) => {
      const problem = linkUrlProblem(url);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  user: optionalReference(M.userNotFound),
});
export type LinkInput = z.infer<typeof linkSchema>;
export type LinkBody = z.input<typeof linkSchema>;

export const linkItem = z.object({
  id: z.number(),
  url: z.string(),
  group: refItem.extend({ type: z.enum(LinkTypeNames) }),
  user: userRefItem,
});
export type Link = z.infer<typeof linkItem>;

export const LINKS_PAGE_SIZE = 30;
