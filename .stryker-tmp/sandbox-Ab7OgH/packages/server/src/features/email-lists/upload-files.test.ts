// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { sweepOrphans } from '../../core/uploads.ts';
import { uploadsDir } from './import/accept-upload.ts';
import { liveUploadFiles } from '../../core/imports/uploads.repo.ts';
import { list, multipart, state, upload } from './test-helpers.ts';

/** Issue 6, item 7 and the multipart findings: refused, aborted and cut-short uploads leave no file. */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let listId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.user();
  stranger = await t.user();
  listId = (await list(t, owner)).id;
});
afterAll(() => t.close());

const stored = () => (fs.existsSync(uploadsDir(t.ctx)) ? fs.readdirSync(uploadsDir(t.ctx)) : []);
const big = 'email\n' + 'someone@gmail.com\n'.repeat(200_000); // 3.6 MB

describe('uploads that are refused', () => {
  it.each([
    ["another user's list", () => upload(t, stranger, listId, big), 404],
    ['a list that does not exist', () => upload(t, owner, 999_999, big), 404],
    ['a malformed list id', () => upload(t, owner, '0x10', big), 422],
    ['a file without an email column', () => upload(t, owner, listId, 'name\nx\n'), 422],
    ['a file that is not CSV', () => upload(t, owner, listId, big, { filename: 'x.png', type: 'image/png' }), 422],
  ])('%s: nothing is stored', async (_what, send, status) => {
    const before = await state(t, listId);
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(stored()).toEqual([]);
    expect(await state(t, listId)).toEqual(before);
  });

  it("another user's upload is refused before a byte of its file is written", async () => {
    fs.mkdirSync(uploadsDir(t.ctx), { recursive: true });
    const created: string[] = [];
    const watcher = fs.watch(uploadsDir(t.ctx), (_event, name) => name && created.push(name));
    const res = await upload(t, stranger, listId, big);
    await new Promise((r) => setTimeout(r, 200));
    watcher.close();
    expect(res.statusCode).toBe(404);
    expect(created).toEqual([]);
  });

  it.each([
    ['a field', { emailListId: '1\u0000' }, 'list.csv', 'emailListId'],
    ['the file name', undefined, 'li\u0000st.csv', 'emails'],
  ])('a NUL byte in %s is 422 and nothing is stored', async (_what, fields, filename, field) => {
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/add-emails',
      ...multipart(fields ?? { emailListId: String(listId) }, {
        filename,
        type: 'text/csv',
        content: 'email\na@gmail.com\n',
      }),
    });
    expect([res.statusCode, res.json().error]).toEqual([422, { [field]: 'Must not contain a NUL character.' }]);
    expect(stored()).toEqual([]);
  });
});

describe('an upload cut short', () => {
  it('answers 400 and leaves no partial file', async () => {
    const body = multipart({ emailListId: String(listId) }, { filename: 'list.csv', type: 'text/csv', content: big });
    const cut = body.payload.subarray(0, Math.floor(body.payload.length / 2));
    const res = await t.as(owner, { method: 'POST', url: '/api/add-emails', payload: cut, headers: body.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/cut short/);
    expect(stored()).toEqual([]);
  });

  it('leaves no partial file when the client goes away mid-file', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(base);
    const body = multipart({ emailListId: String(listId) }, { filename: 'list.csv', type: 'text/csv', content: big });
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/add-emails HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${owner.token}\r\n` +
            `content-type: ${body.headers['content-type']}\r\ncontent-length: ${body.payload.length}\r\n\r\n`,
        );
        socket.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)), () =>
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 300),
        );
      });
    });
    for (let i = 0; i < 50 && stored().length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(stored()).toEqual([]);
  });
});

describe('the orphan sweep', () => {
  it('removes old files no live upload names, and keeps the rest', async () => {
    const dir = uploadsDir(t.ctx);
    fs.mkdirSync(dir, { recursive: true });
    const orphan = path.join(dir, 'orphan.csv');
    const fresh = path.join(dir, 'fresh.csv');
    fs.writeFileSync(orphan, 'email\n');
    fs.writeFileSync(fresh, 'email\n');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(orphan, old, old);
    const live = await liveUploadFiles(t.ctx.db);
    expect(sweepOrphans(dir, live)).toBe(1);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });
});
