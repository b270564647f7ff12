import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { multipart, type Part } from '../../../test/multipart.js';
import { startS3Peer } from '../../../test/s3-peer.js';
import { sameOrigin, signUp } from '../../../test/sessions.js';

// The flows that touch the storage run twice: on disk, and against a real S3 server (s3rver)
// with /uploads streamed from the bucket. Checks of the input itself run once, on disk.
const bucket = await startS3Peer();
const onDisk = await buildTestApp();
const inBucket = await buildTestApp(bucket.env);
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
const storages = [
  {
    storage: 'disk',
    app: onDisk.app,
    isStored: async (url: string) =>
      existsSync(join(onDisk.config.DATA_DIR, 'uploads', keyOf(url))),
  },
  {
    storage: 'S3',
    app: inBucket.app,
    isStored: async (url: string) => (await bucket.head(keyOf(url))) !== undefined,
  },
];
const { app } = onDisk;

async function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .withExif({ IFD0: { Copyright: 'secret camera owner' } })
    .toBuffer();
}

function upload(
  app: FastifyInstance,
  parts: Part[],
  headers: Record<string, string> = {},
  query = '',
) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: `/api/v1/uploads${query}`,
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  });
}

/** A valid PNG whose header claims a huge size: decoding it would need gigabytes. */
async function pixelBomb(): Promise<Buffer> {
  const small = Buffer.from(await png(1, 1));
  const ihdr = small.indexOf('IHDR');
  small.writeUInt32BE(30_000, ihdr + 4);
  small.writeUInt32BE(30_000, ihdr + 8);
  small.writeUInt32BE(crc32(small.subarray(ihdr, ihdr + 17)), ihdr + 17);
  return small;
}

describe.each(storages)('stored images ($storage)', ({ app, isStored }) => {
  it('re-encodes PNG, JPEG and WebP to WebP with a thumbnail and no metadata', async () => {
    const user = await signUp(app);
    const jpeg = await sharp(await png())
      .jpeg()
      .toBuffer();
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    const response = await upload(
      app,
      [
        { name: 'shop front.png', data: await png(), type: 'image/png' },
        { name: 'menu.jpg', data: jpeg, type: 'image/jpeg' },
        { name: 'team.webp', data: webp, type: 'image/webp' },
      ],
      user.headers,
    );
    expect(response.statusCode).toBe(201);
    const { files } = response.json();
    expect(files).toHaveLength(3);
    expect(files[0]).toMatchObject({ name: 'shop front.png', width: 64, height: 48 });
    expect(files[0].url).toMatch(/^\/uploads\/gallery\/[0-9a-f]{32}\.webp$/);
    expect(await isStored(files[0].url)).toBe(true);

    const stored = await app.inject({ method: 'GET', url: files[0].url });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['x-content-type-options']).toBe('nosniff');
    expect(stored.headers['cache-control']).toContain('immutable');
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(stored.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    const thumbnail = await sharp(
      (await app.inject({ method: 'GET', url: files[0].thumbnailUrl })).rawPayload,
    ).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([320, 320]);
  });

  it('lets a visitor upload one sign-up avatar that the sign-up then claims', async () => {
    const gallery = await upload(app, [{ name: 'g.png', data: await png() }], sameOrigin);
    expect(gallery.statusCode).toBe(401);

    const avatar = await upload(
      app,
      [{ name: 'me.png', data: await png() }],
      sameOrigin,
      '?kind=avatar',
    );
    expect(avatar.statusCode).toBe(201);
    const [image] = avatar.json().files;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: {
        role: 'buyer',
        email: `avatar-${Date.now()}@example.test`,
        password: 'picture perfect pass',
        firstName: 'Ava',
        lastName: 'Tar',
        imageUploadId: image.id,
      },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user).toMatchObject({
      imageUrl: image.url,
      thumbnailUrl: image.thumbnailUrl,
    });

    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameOrigin,
      payload: {
        role: 'buyer',
        email: `thief-${Date.now()}@example.test`,
        password: 'picture perfect pass',
        firstName: 'Not',
        lastName: 'Mine',
        imageUploadId: image.id,
      },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ imageUploadId: 'Unknown or already used' });
  });
  it('saves an ordered gallery, shows it on the public profile and deletes removed files', async () => {
    const user = await signUp(app);
    const files = (
      await upload(
        app,
        [
          { name: 'one.png', data: await png() },
          { name: 'two.png', data: await png() },
          { name: 'three.png', data: await png() },
        ],
        user.headers,
      )
    ).json().files as { id: string; url: string }[];

    const save = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/gallery',
      headers: user.headers,
      payload: { imageIds: [files[2]!.id, files[0]!.id, files[1]!.id] },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().gallery.map((item: { name: string }) => item.name)).toEqual([
      'three.png',
      'one.png',
      'two.png',
    ]);

    const trimmed = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/gallery',
      headers: user.headers,
      payload: { imageIds: [files[0]!.id] },
    });
    expect(trimmed.json().gallery).toHaveLength(1);
    expect(await isStored(files[0]!.url)).toBe(true);
    expect(await isStored(files[2]!.url)).toBe(false);
    expect((await app.inject({ method: 'GET', url: files[2]!.url })).statusCode).toBe(404);

    const profile = await app.inject({ method: 'GET', url: `/api/v1/users/${user.id}` });
    expect(profile.json().gallery.map((item: { id: string }) => item.id)).toEqual([files[0]!.id]);
  });
});

describe('uploading images', () => {
  it.each([
    [
      'a renamed executable',
      'photo.png',
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]),
    ],
    [
      'an SVG with a script',
      'logo.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['an HTML page', 'page.jpg', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s by its content, whatever its name', async (_label, name, data) => {
    const user = await signUp(app);
    const response = await upload(app, [{ name, data, type: 'image/png' }], user.headers);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(response.json().detail).toMatch(/^File format not supported/);
  });

  it('refuses a truncated PNG as damaged', async () => {
    const user = await signUp(app);
    const whole = await png(200, 200);
    const response = await upload(
      app,
      [{ name: 'cut.png', data: whole.subarray(0, 60) }],
      user.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: '"cut.png" is damaged or incomplete.',
    });
  });

  it('refuses a pixel bomb without decoding it', async () => {
    const user = await signUp(app);
    const before = process.memoryUsage().rss;
    const response = await upload(
      app,
      [{ name: 'bomb.png', data: await pixelBomb() }],
      user.headers,
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a 50 MB file after the size limit, keeping memory bounded', async () => {
    const user = await signUp(app);
    const before = process.memoryUsage().rss;
    const big = Buffer.concat([await png(), Buffer.alloc(50 * 1024 * 1024)]);
    const response = await upload(app, [{ name: 'huge.png', data: big }], user.headers);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'A file is larger than allowed.',
    });
    // The test itself holds the 50 MB body; the server must not add a second copy of it.
    expect(process.memoryUsage().rss - before).toBeLessThan(160 * 1024 * 1024);
  });

  it('refuses 100 files in one request', async () => {
    const user = await signUp(app);
    const image = await png(8, 8);
    const parts = Array.from({ length: 100 }, (_, index) => ({
      name: `f${index}.png`,
      data: image,
    }));
    const response = await upload(app, parts, user.headers);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'Too many files in one upload.',
    });
  });

  it('refuses a non-multipart body and an empty upload clearly', async () => {
    const user = await signUp(app);
    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: user.headers,
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(415);
    const empty = await upload(app, [], user.headers);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Choose at least one image.');
  });
});

describe('the gallery', () => {
  it("refuses another user's images and unknown ids", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const [file] = (
      await upload(app, [{ name: 'mine.png', data: await png() }], owner.headers)
    ).json().files;
    const response = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/gallery',
      headers: other.headers,
      payload: { imageIds: [file.id] },
    });
    expect(response.statusCode).toBe(404);
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/v1/me/gallery', headers: owner.headers })
      ).json().gallery,
    ).toEqual([]);
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/v1/me/gallery',
      headers: sameOrigin,
      payload: { imageIds: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
