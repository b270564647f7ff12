import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  GALLERY_LIMITS,
  galleryResponseSchema,
  problemSchema,
  publicProfileSchema,
  uploadResponseSchema,
  usersPageSchema,
} from '@maya/contracts';
import { users } from '../../db/schema/index.js';
import { png, pngParts, postImages } from '../../../test/images.js';
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

describe("the gallery's size follows the plan", () => {
  const { app, database } = onDisk;

  /** `count` gallery images uploaded by `user`, ten to a request as the upload limit allows. */
  async function upload(headers: Record<string, string>, count: number): Promise<string[]> {
    const ids: string[] = [];
    while (ids.length < count) {
      const batch = await postImages(
        app,
        await pngParts(Math.min(10, count - ids.length)),
        headers,
      );
      expect(batch.statusCode).toBe(201);
      ids.push(...uploadResponseSchema.parse(batch.json()).files.map((file) => file.id));
    }
    return ids;
  }
  const save = (headers: Record<string, string>, imageIds: string[]) =>
    app.inject({ method: 'PUT', url: '/api/v1/me/gallery', headers, payload: { imageIds } });
  const setPlan = (id: string, plan: 'free' | 'pro') =>
    database.db.update(users).set({ plan }).where(eq(users.id, id));

  it('holds 12 images on Free and 60 on Pro; a Pro business shows its mark and a gallery over 30', async () => {
    const business = await signUp(app, { lastName: 'Zephyrlens' });
    const ids = await upload(business.headers, 35);

    const refused = await save(business.headers, ids.slice(0, GALLERY_LIMITS.free + 1));
    expect(refused.statusCode).toBe(409);
    const problem = problemSchema.parse(refused.json());
    expect(problem.code).toBe('CONFLICT');
    expect(problem.detail).toContain(`at most ${GALLERY_LIMITS.free} images`);
    expect((await save(business.headers, ids.slice(0, GALLERY_LIMITS.free))).statusCode).toBe(200);

    await setPlan(business.id, 'pro');
    const saved = await save(business.headers, ids);
    expect(saved.statusCode).toBe(200);
    expect(galleryResponseSchema.parse(saved.json()).gallery).toHaveLength(35);

    const profile = publicProfileSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/v1/users/${business.id}` })).json(),
    );
    expect(profile.pro).toBe(true);
    expect(profile.gallery).toHaveLength(35);
    const listed = usersPageSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/users?role=seller&q=Zephyrlens',
        })
      ).json(),
    );
    expect(listed.items.find((item) => item.id === business.id)?.pro).toBe(true);

    // Beyond Pro's limit the schema's own bound answers.
    const more = await upload(business.headers, GALLERY_LIMITS.pro + 1 - ids.length);
    expect((await save(business.headers, [...ids, ...more])).statusCode).toBe(400);

    // Back on Free, the 35 images stay and may be reordered or shortened, never grown.
    await setPlan(business.id, 'free');
    const profileOnFree = publicProfileSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/v1/users/${business.id}` })).json(),
    );
    expect(profileOnFree.pro).toBeUndefined();
    expect((await save(business.headers, ids.toReversed())).statusCode).toBe(200);
    expect((await save(business.headers, ids.slice(1))).statusCode).toBe(200);
    expect((await save(business.headers, [...ids.slice(1), more[0]!])).statusCode).toBe(409);
  }, 60_000);
});
