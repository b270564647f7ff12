import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { emailConfirmedSchema, signupAcceptedSchema, uploadResponseSchema } from '@maya/contracts';
import { png, postImages, uploadAvatar } from '../../../test/images.js';
import { confirmEmail, mailedSignupLink, sameOrigin, signUp } from '../../../test/sessions.js';
import { buildStorageApps } from '../../../test/storages.js';

// The flows that touch the storage run twice: on disk, and against a real S3 server (s3rver)
// with /uploads streamed from the bucket. Checks of the input itself run once, on disk.
const { onDisk, storages } = await buildStorageApps();
const { app } = onDisk;

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
    const response = await postImages(
      app,
      [
        { name: 'shop front.png', data: await png(), type: 'image/png' },
        { name: 'menu.jpg', data: jpeg, type: 'image/jpeg' },
        { name: 'team.webp', data: webp, type: 'image/webp' },
      ],
      user.headers,
    );
    expect(response.statusCode).toBe(201);
    const { files } = uploadResponseSchema.parse(response.json());
    expect(files).toHaveLength(3);
    const [first] = files;
    expect(first).toMatchObject({ name: 'shop front.png', width: 64, height: 48 });
    expect(first!.url).toMatch(/^\/uploads\/gallery\/[0-9a-f]{32}\.webp$/);
    expect(await isStored(first!.url)).toBe(true);

    const stored = await app.inject({ method: 'GET', url: first!.url });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['x-content-type-options']).toBe('nosniff');
    expect(stored.headers['cache-control']).toContain('immutable');
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(stored.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    const thumbnail = await sharp(
      (await app.inject({ method: 'GET', url: first!.thumbnailUrl })).rawPayload,
    ).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([320, 320]);
  });

  it('lets a visitor upload one sign-up avatar that the sign-up then claims', async () => {
    const gallery = await postImages(app, [{ name: 'g.png', data: await png() }], sameOrigin);
    expect(gallery.statusCode).toBe(401);

    const image = await uploadAvatar(app);
    const signUpWith = (email: string, firstName: string, lastName: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: sameOrigin,
        payload: {
          role: 'buyer',
          email: `${email}-${Date.now()}@example.test`,
          password: 'picture perfect pass',
          firstName,
          lastName,
          imageUploadId: image.id,
        },
      });
    const signup = await signUpWith('avatar', 'Ava', 'Tar');
    expect(signup.statusCode).toBe(202);
    // The account starts from the mailed link, mailed once the avatar is the account's.
    const link = await mailedSignupLink(app, signupAcceptedSchema.parse(signup.json()).email);
    const confirmed = await confirmEmail(app, link.searchParams.get('token')!);
    expect(emailConfirmedSchema.parse(confirmed.json()).session?.user).toMatchObject({
      imageUrl: image.url,
      thumbnailUrl: image.thumbnailUrl,
    });

    const again = await signUpWith('thief', 'Not', 'Mine');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ imageUploadId: 'Unknown or already used' });
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
    const response = await postImages(app, [{ name, data, type: 'image/png' }], user.headers);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(response.json().detail).toMatch(/^File format not supported/);
  });

  it('refuses a truncated PNG as damaged', async () => {
    const user = await signUp(app);
    const whole = await png(200, 200);
    const response = await postImages(
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
    const response = await postImages(
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
    const response = await postImages(app, [{ name: 'huge.png', data: big }], user.headers);
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
    const response = await postImages(app, parts, user.headers);
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
    const empty = await postImages(app, [], user.headers);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Choose at least one image.');
  });

  it.each([
    ['without a boundary', 'multipart/form-data', '{}'],
    ['cut short', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-'],
    ['that is not multipart at all', 'multipart/form-data; boundary=x', 'null'],
  ])('answers a multipart body %s with 400, on both upload routes', async (_label, type, body) => {
    const user = await signUp(app);
    for (const url of ['/api/v1/uploads', '/api/upload']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...user.headers, 'content-type': type },
        payload: body,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        code: 'MALFORMED_REQUEST',
        detail: 'The upload is malformed: its multipart body could not be read.',
      });
    }
  });
});
