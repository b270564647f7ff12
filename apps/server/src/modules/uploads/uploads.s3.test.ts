import { createServer } from 'node:net';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { legacyUploadAnswerSchema, legacyUserAnswerSchema } from '@maya/contracts';
import { users } from '../../db/schema/index.js';
import { DEMO_BUYERS, DEMO_SELLERS, seedDemo } from '../../db/seed/seed.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { pngParts, postImages, uploadAvatar } from '../../../test/images.js';
import { startS3Peer } from '../../../test/s3-peer.js';
import { bearer, signIn, signUp } from '../../../test/sessions.js';
import { createTestDatabase } from '../../../test/test-database.js';

// Images in an S3-compatible bucket: a real S3 server (s3rver) in this process, spoken to over
// HTTP by the AWS SDK. The flows shared with disk storage run in uploads.test.ts for both.
const bucket = await startS3Peer();
const { app } = await buildTestApp(bucket.env);
const keyOf = (url: string) =>
  new URL(url, 'http://x').pathname.replace(/^\/(uploads|maya-test)\//, '');

/** A local port where nothing listens: every connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function expectUnavailable(response: { statusCode: number; json(): any; body: string }) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({
    status: 503,
    code: 'UNAVAILABLE',
    detail: 'Image storage is not reachable right now. Please try again in a moment.',
  });
  // Nothing about the bucket, the endpoint or the SDK leaves the server.
  expect(response.body).not.toMatch(
    /127\.0\.0\.1|NoSuchBucket|ECONNREFUSED|maya-test|missing|aws/i,
  );
}

describe('images in an S3 bucket', () => {
  it('stores the image and its thumbnail as objects with the type and a year of immutable cache', async () => {
    const user = await signUp(app);
    const response = await postImages(app, await pngParts(1), user.headers);
    expect(response.statusCode).toBe(201);
    const [image] = response.json().files;
    expect(image.url).toMatch(/^\/uploads\/gallery\/[0-9a-f]{32}\.webp$/);
    for (const url of [image.url, image.thumbnailUrl]) {
      expect(await bucket.head(keyOf(url))).toMatchObject({
        contentType: 'image/webp',
        cacheControl: 'public, max-age=31536000, immutable',
      });
    }
    const stored = await bucket.read(keyOf(image.url));
    expect((await sharp(stored).metadata()).format).toBe('webp');
  });

  it('streams /uploads from the bucket with the headers of disk files, ETag revalidation and HEAD', async () => {
    const user = await signUp(app);
    const [image] = (await postImages(app, await pngParts(1), user.headers)).json().files;
    const served = await app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(served.rawPayload.equals(await bucket.read(keyOf(image.url)))).toBe(true);
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    expect(served.headers.etag).toBeTruthy();

    const revalidated = await app.inject({
      method: 'GET',
      url: image.url,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);

    const head = await app.inject({ method: 'HEAD', url: image.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 for a missing object and never reads keys outside the upload names', async () => {
    for (const url of [
      '/uploads/gallery/0123456789abcdef0123456789abcdef.webp',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/gallery',
      '/uploads/a/b/c.webp',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('removes the objects of an account when it is deleted, avatar included', async () => {
    const avatar = await uploadAvatar(app);
    const user = await signUp(app, { imageUploadId: avatar.id });
    const gallery = (await postImages(app, await pngParts(2), user.headers)).json().files;
    const urls = [avatar, ...gallery].flatMap((image: any) => [image.url, image.thumbnailUrl]);

    const exported = await app.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: user.headers,
    });
    expect(exported.json().account.imageUrl).toBe(avatar.url);
    const exportedUrls = exported.json().uploads.map((image: any) => image.url);
    expect(exportedUrls.sort()).toEqual([avatar, ...gallery].map((image) => image.url).sort());
    for (const url of exportedUrls) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(204);
    for (const url of urls) expect(await bucket.head(keyOf(url)), url).toBeUndefined();
  });

  it('writes the demo avatars to the bucket and serves them at their URLs', async () => {
    const database = await createTestDatabase();
    try {
      await seedDemo(database.db, app.storage, { info: () => undefined });
      const rows = await database.db.select().from(users);
      expect(rows).toHaveLength(DEMO_SELLERS + DEMO_BUYERS);
      const [first] = rows;
      expect(first!.imageUrl).toMatch(/^\/uploads\/demo\/[\w-]+\.webp$/);
      expect(await bucket.head(keyOf(first!.thumbnailUrl!))).toMatchObject({
        contentType: 'image/webp',
      });
      const served = await app.inject({ method: 'GET', url: first!.imageUrl! });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(512);
    } finally {
      await database.close();
    }
  });
});

describe('images in an S3 bucket with a public URL', async () => {
  // s3rver serves objects to anonymous GETs, as a public bucket or a CDN in front of one would.
  const publicUrl = `${bucket.endpoint}/${bucket.bucket}`;
  const { app: direct } = await buildTestApp({ ...bucket.env, S3_PUBLIC_URL: `${publicUrl}/` });

  it('answers absolute URLs that browsers load from the bucket, and allows them in the CSP', async () => {
    const user = await signUp(direct);
    const response = await postImages(direct, await pngParts(1), user.headers);
    const [image] = response.json().files;
    expect(image.url).toMatch(new RegExp(`^${publicUrl}/gallery/[0-9a-f]{32}\\.webp$`));
    const loaded = await fetch(image.url);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get('content-type')).toBe('image/webp');
    expect(loaded.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await loaded.arrayBuffer())).metadata()).format).toBe('webp');
    expect(response.headers['content-security-policy']).toContain(
      `img-src 'self' data: blob: https://tile.openstreetmap.org ${bucket.endpoint}`,
    );
    // /uploads still serves the bucket, so URLs recorded before S3_PUBLIC_URL keep working.
    const proxied = await direct.inject({ method: 'GET', url: `/uploads/${keyOf(image.url)}` });
    expect(proxied.statusCode).toBe(200);
  });

  it("keeps the public URLs in profiles, exports and the original client's gallery calls", async () => {
    const avatar = await uploadAvatar(direct);
    const user = await signUp(direct, { imageUploadId: avatar.id });
    const profile = await direct.inject({ method: 'GET', url: `/api/v1/users/${user.id}` });
    expect(profile.json()).toMatchObject({
      imageUrl: avatar.url,
      thumbnailUrl: avatar.thumbnailUrl,
    });
    expect(avatar.url.startsWith(`${publicUrl}/avatar/`)).toBe(true);

    const legacyUpload = await postImages(
      direct,
      await pngParts(1),
      bearer(user.token),
      '/api/upload',
    );
    const { imgurl } = legacyUploadAnswerSchema.parse(legacyUpload.json()).data[0]!;
    expect(imgurl.startsWith(`${publicUrl}/gallery/`)).toBe(true);
    const saved = await direct.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { files: [imgurl] },
    });
    expect(saved.statusCode).toBe(200);
    const { data } = legacyUserAnswerSchema.parse(saved.json());
    expect(data).toMatchObject({ img: avatar.url, files: [imgurl] });

    const exported = await direct.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: user.headers,
    });
    expect(exported.json().gallery.map((image: any) => image.url)).toEqual([imgurl]);
  });
});

describe('when the bucket fails', async () => {
  const { app: misconfigured } = await buildTestApp({ ...bucket.env, S3_BUCKET: 'missing-bucket' });
  const { app: unreachable } = await buildTestApp({
    ...bucket.env,
    S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
  });

  it('answers an upload with a clear 503 problem, never a 500 with internals', async () => {
    for (const target of [misconfigured, unreachable]) {
      const user = await signUp(target);
      const response = await postImages(target, await pngParts(1), user.headers);
      expectUnavailable(response);
      expect(
        (
          await target.inject({ method: 'GET', url: '/api/v1/me/export', headers: user.headers })
        ).json().uploads,
      ).toEqual([]);
    }
  });

  it('answers 503 for an image it cannot read', async () => {
    const response = await misconfigured.inject({
      method: 'GET',
      url: '/uploads/gallery/0123456789abcdef0123456789abcdef.webp',
    });
    expectUnavailable(response);
  });

  it('keeps an account whose images cannot be deleted yet, so the deletion can be retried', async () => {
    const peer = await startS3Peer('maya-flaky');
    const { app: flaky } = await buildTestApp(peer.env);
    const user = await signUp(flaky);
    const images = (await postImages(flaky, await pngParts(2), user.headers)).json().files;
    const save = (imageIds: string[]) =>
      flaky.inject({
        method: 'PUT',
        url: '/api/v1/me/gallery',
        headers: user.headers,
        payload: { imageIds },
      });
    expect((await save(images.map((image: any) => image.id))).statusCode).toBe(200);

    await peer.stop();
    expectUnavailable(await flaky.inject({ method: 'GET', url: images[0].url }));
    // The gallery is saved even though the removed image's files stay behind in the bucket.
    const trimmed = await save([images[0].id]);
    expect(trimmed.statusCode).toBe(200);
    expect(trimmed.json().gallery).toHaveLength(1);

    const deletion = await flaky.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: user.headers,
      payload: { password: user.password },
    });
    expectUnavailable(deletion);
    expect((await signIn(flaky, user.email, user.password)).statusCode).toBe(200);
  });
});
