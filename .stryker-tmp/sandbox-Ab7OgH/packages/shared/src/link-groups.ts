// @ts-nocheck
import { z } from 'zod';
import { LinkType } from './enums.ts';
import { nameField, optionalReference } from './fields.ts';
import { userRefItem } from './hydra.ts';

/** The API's names of the link types (spec 2: 0 Offer, 1 Unsubscribe, 2 Pixel); stored as the numbers. */
export const LinkTypeNames = ['offer', 'unsubscribe', 'pixel'] as const;
export type LinkTypeName = (typeof LinkTypeNames)[number];
export const linkTypeNumber: Record<LinkTypeName, number> = {
  offer: LinkType.Offer,
  unsubscribe: LinkType.Unsubscribe,
  pixel: LinkType.Pixel,
};
export const LINK_TYPE_LABELS: Record<LinkTypeName, string> = {
  offer: 'Offer',
  unsubscribe: 'Unsubscribe',
  pixel: 'Pixel',
};
/** Where each type's links lead on a tracking host (ARCHITECTURE §5), as the form's example shows. */
export const LINK_EXAMPLES: Record<LinkTypeName, string> = {
  offer: 'https://trk.example.com/t/c/[uuid]/[junk]',
  unsubscribe: 'https://trk.example.com/t/u/[uuid]',
  pixel: 'https://trk.example.com/t/o/[uuid]/[junk]',
};

export const LinkGroupMessages = {
  typeRequired: 'Type is required.',
  nameRequired: 'Group Name is required.',
  userNotFound: 'User not found.',
  hasLinksOfType: 'The group holds links: its type cannot change.',
  deleteConfirm: 'Are you sure you want to delete?',
  deleted: 'Deleted successfully!',
} as const;
const M = LinkGroupMessages;

/** A type as the API takes it: its name, or the spec's number. */
export const linkTypeField = () =>
  z
    .union([z.enum(LinkTypeNames), z.enum(['0', '1', '2']), z.literal(0), z.literal(1), z.literal(2)], {
      error: M.typeRequired,
    })
    .transform((v): LinkTypeName =>
      typeof v === 'string' && isNaN(Number(v)) ? (v as LinkTypeName) : LinkTypeNames[Number(v)]!,
    );

export const linkGroupSchema = z.object({
  type: linkTypeField(),
  name: nameField(M.nameRequired, 'Group Name'),
  user: optionalReference(M.userNotFound),
});
export type LinkGroupInput = z.infer<typeof linkGroupSchema>;
export type LinkGroupBody = z.input<typeof linkGroupSchema>;

export const linkGroupItem = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(LinkTypeNames),
  user: userRefItem,
  linksCount: z.number(),
});
export type LinkGroup = z.infer<typeof linkGroupItem>;

export const LINK_GROUPS_PAGE_SIZE = 30;
