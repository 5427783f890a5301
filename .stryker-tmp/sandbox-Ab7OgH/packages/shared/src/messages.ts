// @ts-nocheck
import { z } from 'zod';
import { NAME_MAX, optionalReference, requiredString } from './fields.ts';
import { userRefItem } from './hydra.ts';

/** The spec's messages verbatim (spec 3 §5, §8), and ours where it shows none. */
export const MessageMessages = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must not exceed ${NAME_MAX} characters.`,
  subjectRequired: 'Subject is required.',
  subjectTooLong: `Subject must not exceed ${NAME_MAX} characters.`,
  contentRequired: 'HTML Content is required.',
  textTooLong: 'Text version must not exceed 100000 characters.',
  userNotFound: 'User not found.',
  archiveConfirm: 'Are you sure you want to move it to the archive?',
  archived: 'Archived successfully!',
  alreadyArchived: 'The message is already archived.',
  readOnly: 'Archived messages are read-only.',
  campaignNotFound: 'Campaign not found.',
} as const;
const M = MessageMessages;

/** A message's HTML may be large (inline CSS, long newsletters) but not unbounded. */
export const MESSAGE_CONTENT_MAX = 1_000_000;

/** A message's own text part (issue 26): optional; left empty, the text is made from the HTML. */
export const MESSAGE_TEXT_MAX = 100_000;
export const TEXT_VERSION_HELP = 'Left empty, a text part is made from the HTML.';

/** A new message starts with an empty HTML document (spec 3). */
export const EMPTY_HTML_DOCUMENT = `<!DOCTYPE html>
<html>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title></title>
</head>
<body>

</body>
</html>
`;

const name = () => requiredString(M.nameRequired).max(NAME_MAX, M.nameTooLong);
const subject = () => requiredString(M.subjectRequired).max(NAME_MAX, M.subjectTooLong);
const content = () =>
  requiredString(M.contentRequired).max(
    MESSAGE_CONTENT_MAX,
    `HTML Content must not exceed ${MESSAGE_CONTENT_MAX} characters.`,
  );

/** The message's own text: blank or absent means none (null), else kept as written. */
const textContent = () =>
  z
    .string({ error: 'Text version must be text.' })
    .max(MESSAGE_TEXT_MAX, M.textTooLong)
    .nullish()
    .transform((v) => (v && v.trim() ? v : null));

/** POST /api/messages and PUT /api/messages/{id}; the owner is chosen by administrators (dropped when empty). */
export const messageSchema = z.object({
  name: name(),
  subject: subject(),
  htmlContent: content(),
  textContent: textContent(),
  user: optionalReference(M.userNotFound),
});
export type MessageInput = z.infer<typeof messageSchema>;
export type MessageBody = z.input<typeof messageSchema>;

/** A row of the list: without the HTML (a page of newsletters would weigh megabytes). */
export const messageListItem = z.object({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  user: userRefItem,
  /** ISO date of archiving; null means current. */
  archive: z.string().nullable(),
});
export type MessageListRow = z.infer<typeof messageListItem>;
/** GET /api/messages/{id} and the writes' answers: the whole message. */
export const messageItem = messageListItem.extend({ htmlContent: z.string(), textContent: z.string().nullable() });
export type Message = z.infer<typeof messageItem>;

export const MESSAGES_PAGE_SIZE = 30;

/** The campaign kinds a preview may render for (spec 3: campaignType). */
export const CampaignTypes = ['smtp', 'pmta'] as const;

/**
 * POST /api/messages/preview (multipart fields): the editor's unsaved texts, or a saved message by id;
 * with a campaign, its sender, tags and link groups; without, a sample recipient and sample links.
 */
export const previewSchema = z.object({
  id: optionalReference('Message not found.'),
  name: z.string().max(NAME_MAX, M.nameTooLong).optional(),
  subject: z.string().max(NAME_MAX, M.subjectTooLong).optional(),
  content: z.string().max(MESSAGE_CONTENT_MAX).optional(),
  /** The editor's own text version (with `content`); blank means made from the HTML. */
  text: z.string().max(MESSAGE_TEXT_MAX, M.textTooLong).optional(),
  campaignId: optionalReference(M.campaignNotFound),
  campaignType: z.enum(CampaignTypes, { error: "Campaign type must be 'smtp' or 'pmta'." }).optional(),
});
export type PreviewInput = z.infer<typeof previewSchema>;

/** One offline check of "How filters see it" (issue 26): its name, pass or fail, and what it found. */
export const filterCheck = z.object({ name: z.string(), pass: z.boolean(), detail: z.string() });
export type FilterCheck = z.infer<typeof filterCheck>;
export const PIXEL_ONLY_IMAGE = "This message's only image is the tracking pixel.";
export const HTTP_UNSUBSCRIBE_WARNING =
  'The unsubscribe link is http://: large mailbox providers ignore one-click unsubscribe without HTTPS.';

export const previewAnswer = z.object({
  subject: z.string(),
  html: z.string(),
  /** Tags written in the texts that nothing resolves (a typo, a deleted tag, a missing link group). */
  unresolved: z.array(z.string()),
  /** The text/plain alternative the message is sent with (its own, or made from the HTML). */
  text: z.string(),
  /** "How filters see it": the checks a filter would make that can run offline. */
  filters: z.array(filterCheck),
});
export type PreviewAnswer = z.infer<typeof previewAnswer>;
