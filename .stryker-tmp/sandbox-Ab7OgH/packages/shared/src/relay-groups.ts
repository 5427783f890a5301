// @ts-nocheck
import { z } from 'zod';
import { nameField, optionalReference } from './fields.ts';
import { userRefItem } from './hydra.ts';
import { RelayKinds, type RelayKind } from './relays.ts';

/** PMTA and SMTP relay groups follow one pattern (spec 2); the kind picks the table and the API path. */
export const RelayGroupKinds = RelayKinds;
export type RelayGroupKind = RelayKind;
/** `pmta_relay_groups`, `smtp_relay_groups`. */
export const relayGroupsPath = (kind: RelayGroupKind) => `${kind}_relay_groups` as const;

export const RelayGroupMessages = {
  nameRequired: 'Group Name is required.',
  userNotFound: 'User not found.',
  archiveConfirm: 'Are you sure you want to move it to the archive?',
  archived: 'Archived successfully!',
  alreadyArchived: 'The group is already archived.',
  readOnly: 'Archived groups are read-only.',
} as const;

/** POST and PUT: the name, and the owner (administrators choose it; dropped when empty). */
export const relayGroupSchema = z.object({
  name: nameField(RelayGroupMessages.nameRequired, 'Group Name'),
  user: optionalReference(RelayGroupMessages.userNotFound),
});
export type RelayGroupInput = z.infer<typeof relayGroupSchema>;
export type RelayGroupBody = z.input<typeof relayGroupSchema>;

export const relayGroupItem = z.object({
  id: z.number(),
  name: z.string(),
  /** ISO date of archiving; null means current. */
  archive: z.string().nullable(),
  user: userRefItem,
  /** How many relays the group holds. */
  relaysCount: z.number(),
});
export type RelayGroup = z.infer<typeof relayGroupItem>;

export const RELAY_GROUPS_PAGE_SIZE = 30;
