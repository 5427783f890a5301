import { describe, expect, it } from 'vitest';
import type { EmailList } from '@console/shared/email-lists';
import { keepLiveCompletion } from './email-lists.ts';

const list = (o: Partial<EmailList>) => ({ id: 1, job: 7, completion: 0, ...o }) as EmailList;

describe('keepLiveCompletion', () => {
  it('keeps the higher percent a live event showed for the same running upload', () => {
    expect(keepLiveCompletion(list({ completion: 5 }), list({ completion: 0 })).completion).toBe(5);
  });
  it('takes the fetched figures otherwise', () => {
    // Further on, another upload, another list, the upload ended (job null), nothing cached yet.
    expect(keepLiveCompletion(list({ completion: 5 }), list({ completion: 11 })).completion).toBe(11);
    expect(keepLiveCompletion(list({ completion: 50 }), list({ job: 8, completion: 0 })).completion).toBe(0);
    expect(keepLiveCompletion(list({ id: 2, completion: 50 }), list({ completion: 0 })).completion).toBe(0);
    expect(keepLiveCompletion(list({ completion: 50 }), list({ job: null, completion: 0 })).completion).toBe(0);
    expect(keepLiveCompletion(undefined, list({ completion: 3 })).completion).toBe(3);
  });
});
