// @ts-nocheck
const MAX_CAPACITY = 1 << 24; // 64 MB of fingerprints: enough for ~15M distinct addresses

/**
 * "Seen this address before in the file?", in constant memory per address (4 bytes) instead of a Set of
 * strings: an open-addressing table of 32-bit FNV-1a fingerprints. A `true` only means "maybe": distinct
 * addresses can share a fingerprint (about n^2 / 2^33 pairs: ~120 in a million rows), so the staging row
 * is only flagged, and SQL tells a real duplicate from a collision exactly (merge.ts). A `false` is
 * certain. Past MAX_CAPACITY at 90% load everything after is flagged: still exact, just slower.
 */
export class DupFilter {
  private table: Uint32Array;
  private mask: number;
  private count = 0;

  /** Sized for `expected` addresses up front (twice as many slots), so it rarely has to grow. */
  constructor(expected = 0) {
    let size = 1 << 16;
    while (size < expected * 2 && size < MAX_CAPACITY) size *= 2;
    this.table = new Uint32Array(size);
    this.mask = size - 1;
  }

  seen(s: string): boolean {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    const fp = h >>> 0 || 1; // 0 marks an empty slot
    const t = this.table;
    for (let i = fp & this.mask; ; i = (i + 1) & this.mask) {
      const v = t[i]!;
      if (v === fp) return true;
      if (v === 0) {
        if (this.count >= this.table.length * 0.9) return true; // full: let SQL decide
        t[i] = fp;
        if (++this.count > this.table.length / 2 && this.table.length < MAX_CAPACITY) this.grow();
        return false;
      }
    }
  }

  private grow() {
    const old = this.table;
    this.table = new Uint32Array(old.length * 2);
    this.mask = this.table.length - 1;
    for (const fp of old) {
      if (!fp) continue;
      let i = fp & this.mask;
      while (this.table[i]) i = (i + 1) & this.mask;
      this.table[i] = fp;
    }
  }
}
