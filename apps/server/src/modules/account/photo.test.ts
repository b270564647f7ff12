import { describe, expect, it } from 'vitest';
import { meResponseSchema, problemSchema, uploadResponseSchema } from '@maya/contracts';
import { png, postImages, uploadAvatar } from '../../../test/images.js';
import { multipart } from '../../../test/multipart.js';
import { sameOrigin, signUp } from '../../../test/sessions.js';
import { buildStorageApps } from '../../../test/storages.js';

// A photo change removes the old image's files, so it runs on disk and on S3.
const { onDisk, storages } = await buildStorageApps();

/** PUT /api/v1/me/photo with these parts, as the account page sends it. */
async function changePhoto(
  app: (typeof storages)[number]['app'],
  headers: Record<string, string>,
  parts: { name: string; data: Buffer; type?: string }[],
) {
  const body = multipart(parts);
  return app.inject({
    method: 'PUT',
    url: '/api/v1/me/photo',
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  });
}

const me = async (app: (typeof storages)[number]['app'], headers: Record<string, string>) =>
  meResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/v1/me', headers })).json())
    .user;

describe.each(storages)('changing the photo or logo ($storage)', ({ app, isStored }) => {
  it("shows the owner's new image and removes the old one's files", async () => {
    const avatar = await uploadAvatar(app);
    const owner = await signUp(app, { imageUploadId: avatar.id });
    const before = await me(app, owner.headers);
    expect(before.imageUrl).toBe(avatar.url);

    const response = await changePhoto(app, owner.headers, [
      { name: 'new-logo.png', data: await png(80, 80), type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const { user } = meResponseSchema.parse(response.json());
    expect(user.imageUrl).not.toBe(avatar.url);
    expect(await isStored(user.imageUrl!)).toBe(true);
    expect(await isStored(user.thumbnailUrl!)).toBe(true);
    // The old image is gone, files and all.
    expect(await isStored(avatar.url)).toBe(false);
    expect(await isStored(avatar.thumbnailUrl)).toBe(false);
    expect((await me(app, owner.headers)).imageUrl).toBe(user.imageUrl);

    // The public profile shows the new one too.
    const profile = await app.inject({ method: 'GET', url: `/api/v1/users/${owner.id}` });
    expect(profile.json().imageUrl).toBe(user.imageUrl);

    // A second change removes the first change's image.
    const again = await changePhoto(app, owner.headers, [
      { name: 'newer.png', data: await png(90, 90), type: 'image/png' },
    ]);
    expect(again.statusCode).toBe(200);
    expect(await isStored(user.imageUrl!)).toBe(false);
  });
});

describe('changing the photo or logo', () => {
  const { app, isStored } = storages[0]!;

  it("changes only the caller's own image: another user's stays as it was", async () => {
    const avatar = await uploadAvatar(app);
    const owner = await signUp(app, { imageUploadId: avatar.id });
    const other = await signUp(app, { role: 'buyer', category: null });

    const response = await changePhoto(app, other.headers, [
      { name: 'mine.png', data: await png(), type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(meResponseSchema.parse(response.json()).user.id).toBe(other.id);
    expect((await me(app, owner.headers)).imageUrl).toBe(avatar.url);
    expect(await isStored(avatar.url)).toBe(true);
  });

  it('refuses a visitor with 401 and stores nothing', async () => {
    const response = await changePhoto(app, sameOrigin, [
      { name: 'anon.png', data: await png(), type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(401);
    expect(problemSchema.parse(response.json()).status).toBe(401);
  });

  it('refuses a file that is not an image with 415 and a clear problem, keeping the old image', async () => {
    const avatar = await uploadAvatar(app);
    const owner = await signUp(app, { imageUploadId: avatar.id });
    const response = await changePhoto(app, owner.headers, [
      { name: 'notes.txt', data: Buffer.from('not a picture at all'), type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(415);
    const problem = problemSchema.parse(response.json());
    expect(problem.detail).toBe(
      'File format not supported: "notes.txt" is not a PNG, JPEG or WebP image.',
    );
    expect((await me(app, owner.headers)).imageUrl).toBe(avatar.url);
    expect(await isStored(avatar.url)).toBe(true);
  });

  it('refuses two files, and none, with 400 naming the field', async () => {
    const owner = await signUp(app);
    const two = await changePhoto(app, owner.headers, [
      { name: 'a.png', data: await png(), type: 'image/png' },
      { name: 'b.png', data: await png(), type: 'image/png' },
    ]);
    expect([400, 413]).toContain(two.statusCode);
    const none = await changePhoto(app, owner.headers, []);
    expect(none.statusCode).toBe(400);
    expect(problemSchema.parse(none.json()).errors).toEqual({ files: 'Required' });
  });
});

describe('the gallery is for businesses', () => {
  const { app } = onDisk;

  it('refuses a client’s gallery upload with 403 and a clear problem', async () => {
    const client = await signUp(app, { role: 'buyer', category: null });
    const response = await postImages(
      app,
      [{ name: 'holiday.png', data: await png(), type: 'image/png' }],
      client.headers,
    );
    expect(response.statusCode).toBe(403);
    expect(problemSchema.parse(response.json()).detail).toBe('Only a business has a gallery.');

    const business = await signUp(app);
    const allowed = await postImages(
      app,
      [{ name: 'work.png', data: await png(), type: 'image/png' }],
      business.headers,
    );
    expect(allowed.statusCode).toBe(201);
    expect(uploadResponseSchema.parse(allowed.json()).files).toHaveLength(1);
  });
});
