/**
 * The database schema, one file per area (docs/conventions.md). Import tables from here: the areas refer to
 * each other only downwards (accounts <- lists <- offers, messages, relays <- campaigns <- pmta).
 */
export * from './accounts.ts';
export * from './lists.ts';
export * from './suppression.ts';
export * from './uploads.ts';
export * from './offers.ts';
export * from './relays.ts';
export * from './messages.ts';
export * from './counters.ts';
export * from './campaigns.ts';
export * from './pmta.ts';
export * from './pmta-accounting.ts';
export * from './processes.ts';
export * from './retention.ts';
export * from './mailboxes.ts';
