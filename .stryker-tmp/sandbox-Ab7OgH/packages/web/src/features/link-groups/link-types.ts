// @ts-nocheck
import { LINK_TYPE_LABELS, LinkTypeNames } from '@console/shared/link-groups';

export const TYPE_OPTIONS = LinkTypeNames.map((t) => ({ value: t, label: LINK_TYPE_LABELS[t] }));
