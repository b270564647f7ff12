import { describe, expect, it } from 'vitest';
import { galleryResponseSchema, publicProfileSchema, uploadResponseSchema } from '@maya/contracts';
import { png, postImages } from '../../../test/images.js';
import { sameOrigin, signUp } from '../../../test/sessions.js';
import { buildStorageApps } from '../../../test/storages.js';

// Saving a gallery removes the files of the images it drops, so it runs on disk and on S3.
const { onDisk, storages } = await buildStorageApps();

describe.each(storages)('the gallery ($storage)', ({ app, isStored }) => {
  it('saves an ordered gallery, shows it on the public profile and deletes removed files', async () => {
    const user = await signUp(app);
    const uploaded = await postImages(
      app,
      [
        { name: 'one.png', data: await png() },
        { name: 'two.png', data: await png() },
        { name: 'three.png', data: await png() },
      ],
      user.headers,
    );
    const [one, two, three] = uploadResponseSchema.parse(uploaded.json()).files;

    const save = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/gallery',
      headers: user.headers,
      payload: { imageIds: [three!.id, one!.id, two!.id] },
    });
    expect(save.statusCode).toBe(200);
    expect(galleryResponseSchema.parse(save.json()).gallery.map((item) => item.name)).toEqual([
      'three.png',
      'one.png',
      'two.png',
    ]);

    const trimmed = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/gallery',
      headers: user.headers,
      payload: { imageIds: [one!.id] },
    });
    expect(galleryResponseSchema.parse(trimmed.json()).gallery).toHaveLength(1);
    expect(await isStored(one!.url)).toBe(true);
    expect(await isStored(three!.url)).toBe(false);
    expect((await app.inject({ method: 'GET', url: three!.url })).statusCode).toBe(404);

    const profile = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}` });
    expect(publicProfileSchema.parse(profile.json()).gallery?.map((item) => item.id)).toEqual([
      one!.id,
    ]);
  });
});

describe('the gallery', () => {
  const { app } = onDisk;

  it("refuses another user's images and unknown ids", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const uploaded = await postImages(
      app,
      [{ name: 'mine.png', data: await png() }],
      owner.headers,
    );
    const [file] = uploadResponseSchema.parse(uploaded.json()).files;
    const response = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/gallery',
      headers: other.headers,
      payload: { imageIds: [file!.id] },
    });
    expect(response.statusCode).toBe(404);
    const own = await app.inject({
      method: 'GET',
      url: '/api/v1/me/gallery',
      headers: owner.headers,
    });
    expect(galleryResponseSchema.parse(own.json()).gallery).toEqual([]);
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/gallery',
      headers: sameOrigin,
      payload: { imageIds: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
