import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

// No container runs in CI, so compose.yaml and the Dockerfile are checked here as files: the
// structure Compose reads, and that its parts point at each other.
const root = new URL('..', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

const dependency = z.strictObject({
  condition: z.enum(['service_started', 'service_healthy', 'service_completed_successfully']),
});
const service = z.strictObject({
  image: z.string(),
  build: z
    .strictObject({ context: z.string(), args: z.record(z.string(), z.string()).optional() })
    .optional(),
  pull_policy: z.enum(['always', 'never', 'missing', 'build']).optional(),
  init: z.boolean().optional(),
  restart: z.enum(['no', 'always', 'on-failure', 'unless-stopped']),
  logging: z.strictObject({
    driver: z.literal('json-file'),
    options: z.strictObject({ 'max-size': z.string().regex(/^\d+[kmg]$/), 'max-file': z.string() }),
  }),
  command: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.string()).optional(),
  ports: z.array(z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  depends_on: z.record(z.string(), dependency).optional(),
  healthcheck: z
    .strictObject({
      test: z.array(z.string()).min(2),
      interval: z.string(),
      retries: z.number().int().positive(),
    })
    .optional(),
  stop_grace_period: z.string().optional(),
});
const composeSchema = z.object({
  services: z.record(z.string(), service),
  volumes: z.record(z.string(), z.null()),
});

const compose = composeSchema.parse(parse(read('compose.yaml'), { merge: true }));
const services = compose.services;
const dockerfile = read('Dockerfile');
const { version } = JSON.parse(read('package.json')) as { version: string };
const hostOf = (url: string) => new URL(url).hostname;

describe('compose.yaml', () => {
  it('runs maintained, pinned images: no MinIO, a supported nginx', () => {
    const images = Object.values(services).map((each) => each.image);
    expect(images.filter((image) => /minio/i.test(image))).toEqual([]);
    for (const image of images) {
      expect(image, image).toMatch(/^[\w./-]+:[\w.${}:-]+$/);
      expect(image, image).not.toMatch(/:latest$/);
    }
    // nginx's stable lines are the even ones; 1.27 and older get no fixes.
    const [, minor] = /^nginx:1\.(\d+)/.exec(services.nginx!.image) ?? [];
    expect(Number(minor)).toBeGreaterThanOrEqual(28);
    expect(Number(minor) % 2).toBe(0);
  });

  it('builds one app image once, and runs both instances on it with an init process', () => {
    const apps = Object.entries(services).filter(([, each]) => each.environment?.DATABASE_URL);
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    expect(new Set(apps.map(([, each]) => each.image)).size).toBe(1);
    expect(apps.filter(([, each]) => each.build)).toHaveLength(1);
    expect(apps.find(([, each]) => !each.build)?.[1].pull_policy).toBe('never');
    for (const [, each] of apps) expect(each.init).toBe(true);
    // The build labels the image with the version the server reports.
    const build = apps.find(([, each]) => each.build)![1].build!;
    expect(build.args?.VERSION).toBe(`\${VERSION:-${version}}`);
    expect(apps[0]![1].image).toBe(`maya-market:\${VERSION:-${version}}`);
  });

  it('rotates every log, and waits only for services that say when they are healthy', () => {
    for (const [name, each] of Object.entries(services)) {
      expect(each.logging.options['max-file'], name).toMatch(/^\d+$/);
      for (const [needed, { condition }] of Object.entries(each.depends_on ?? {})) {
        expect(services[needed], `${name} → ${needed}`).toBeDefined();
        if (condition !== 'service_healthy') continue;
        // The app services' health check is the image's own.
        const checked =
          services[needed]!.healthcheck !== undefined ||
          (services[needed]!.build !== undefined || services[needed]!.pull_policy === 'never'
            ? /^HEALTHCHECK /m.test(dockerfile)
            : false);
        expect(checked, `${name} waits for ${needed} to be healthy`).toBe(true);
      }
    }
  });

  it('points the apps at services that exist, and S3 at the bucket and key SeaweedFS serves', () => {
    const environment = services.app1!.environment!;
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'SMTP_URL']) {
      expect(services[hostOf(environment[key]!)], key).toBeDefined();
    }
    const seaweedfs = services[hostOf(environment.S3_ENDPOINT!)]!;
    expect(seaweedfs.command).toContain(`-bucket=${environment.S3_BUCKET}`);
    const config = /^-s3\.config=(.+)$/.exec(
      seaweedfs.command!.find((arg) => arg.startsWith('-s3.config='))!,
    )![1];
    const mount = seaweedfs.volumes!.find((volume) => volume.split(':')[1] === config)!;
    const identities = JSON.parse(read(mount.split(':')[0]!.replace(/^\.\//, ''))) as {
      identities: { credentials: { accessKey: string; secretKey: string }[] }[];
    };
    expect(identities.identities.flatMap((identity) => identity.credentials)).toContainEqual({
      accessKey: environment.S3_ACCESS_KEY_ID,
      secretKey: environment.S3_SECRET_ACCESS_KEY,
    });
  });

  it('mounts files that exist and volumes it declares', () => {
    for (const [name, each] of Object.entries(services)) {
      for (const volume of each.volumes ?? []) {
        const [source] = volume.split(':');
        if (source!.startsWith('./')) expect(existsSync(new URL(source!, root)), volume).toBe(true);
        else expect(Object.keys(compose.volumes), `${name}: ${volume}`).toContain(source);
      }
    }
  });
});

describe('Dockerfile', () => {
  it('checks liveness on /healthz with node, and labels the image with its version', () => {
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\n\s+CMD \["node", [^\n]*\/healthz/m);
    expect(dockerfile).toMatch(new RegExp(`^ARG VERSION=${version.replaceAll('.', '\\.')}$`, 'm'));
    for (const label of ['title', 'version', 'revision', 'created']) {
      expect(dockerfile).toContain(`org.opencontainers.image.${label}=`);
    }
    // The commit reaches the bundle (scripts/build-server.mjs reads MAYA_COMMIT).
    expect(dockerfile).toMatch(/^RUN MAYA_COMMIT="\$REVISION" npm run build$/m);
  });
});
