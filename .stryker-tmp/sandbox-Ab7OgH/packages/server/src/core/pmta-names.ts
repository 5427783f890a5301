/*
 * PMTA's names for the console's rows: the engine injects with `X-Virtual-MTA: <vmta>` and the config
 * generator declares the same names, so both read them from here (below sending/ and pmta/: issue 25).
 */
// @ts-nocheck


/** A relay's virtual MTA: by id, so stable across edits of its IP or host, unique and shell-safe. */
export const vmtaName = (relay: { id: number }) => `vmta-${relay.id}`;
/** A relay group's pool on a server. */
export const poolName = (group: { id: number }) => `group-${group.id}`;
