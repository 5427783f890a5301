import { bigint, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { ownerId } from './accounts.ts';
import { emailLists } from './lists.ts';
import { messages, linkGroups } from './messages.ts';
import { offers } from './offers.ts';
import { pmtaRelayGroups, smtpRelayGroups } from './relays.ts';

// Campaigns and the sending engine (spec 3, ARCHITECTURE §4, docs/decisions/0802). Migration 0012 is SQL:
// campaign_recipients is partitioned by campaign, which drizzle cannot declare.

/** Both campaign kinds: `type` is CampaignType (1 PMTA, 2 SMTP; decision 1130); `status` is CampaignStatus. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    sender: text('sender').notNull(),
    emailListId: integer('email_list_id')
      .notNull()
      .references(() => emailLists.id),
    mailProviderIds: integer('mail_provider_ids').array().notNull(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    offerLinksId: integer('offer_links_id').references(() => linkGroups.id),
    unsubscribeLinksId: integer('unsubscribe_links_id').references(() => linkGroups.id, { onDelete: 'set null' }),
    pixelLinksId: integer('pixel_links_id').references(() => linkGroups.id, { onDelete: 'set null' }),
    relayStatus: smallint('relay_status').notNull(),
    smtpRelayGroupId: integer('smtp_relay_group_id').references(() => smtpRelayGroups.id),
    pmtaRelayGroupId: integer('pmta_relay_group_id').references(() => pmtaRelayGroups.id),
    defaultCity: text('default_city'),
    /** Mail over a warm-up relay's allowance: 1 waits for the next hour or day, 2 moves to a relay with room (decision 1432). */
    warmupOverflow: smallint('warmup_overflow').notNull().default(1),
    status: smallint('status').notNull().default(2),
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }),
    scheduledStop: timestamp('scheduled_stop', { withTimezone: true }),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    /** When the recipients were materialized; null before (a resumed campaign is not prepared again). */
    preparedAt: timestamp('prepared_at', { withTimezone: true }),
    /** When the retention job archived the recipients' partition (decision 1370); null while they are here. */
    recipientsArchivedAt: timestamp('recipients_archived_at', { withTimezone: true }),
    total: integer('total').notNull().default(0),
    /** Why the engine paused it (no eligible relay left...); null when a person paused it. */
    pauseReason: text('pause_reason'),
    /**
     * When a complaint or hard-bounce rate paused it (decision 1391): once resumed by a person, the rates do
     * not pause it again.
     */
    ratePausedAt: timestamp('rate_paused_at', { withTimezone: true }),
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [index('campaigns_user_idx').on(t.userId), index('campaigns_type_status_idx').on(t.type, t.status, t.id)],
);

/**
 * The recipients of a campaign, materialized by the prepare step; one partition per campaign (SQL).
 * `status` is RecipientStatus (shared/campaigns.ts).
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: integer('campaign_id').notNull(),
    emailId: bigint('email_id', { mode: 'number' }).notNull(),
    email: text('email').notNull(),
    domain: text('domain').notNull(),
    mailProviderId: integer('mail_provider_id').notNull(),
    name: text('name'),
    surname: text('surname'),
    city: text('city'),
    geo: text('geo'),
    birthYear: smallint('birth_year'),
    status: smallint('status').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    relayId: integer('relay_id'),
    worker: text('worker'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    reply: text('reply'),
    firstOpenAt: timestamp('first_open_at', { withTimezone: true }),
    firstClickAt: timestamp('first_click_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.emailId] })],
);

/** The next moment a relay may start a message, shared by every worker process (relay_type: CampaignType). */
export const relayPacing = pgTable(
  'relay_pacing',
  {
    relayType: smallint('relay_type').notNull(),
    relayId: integer('relay_id').notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.relayType, t.relayId] })],
);

/** A relay taken out of one campaign (its login failed). */
export const campaignRelayBlocks = pgTable(
  'campaign_relay_blocks',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    relayId: integer('relay_id').notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.relayId] })],
);
