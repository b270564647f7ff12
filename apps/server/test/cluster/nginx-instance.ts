import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../server-process.js';

export interface LoadBalancer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** nginx from the distribution's package (apt-get install nginx). */
export function nginxBinary(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((path) =>
    existsSync(path),
  );
}

/** The load balancer's configuration as shipped (compose.yaml mounts it into nginx's conf.d). */
const SHIPPED = new URL('../../../../deploy/nginx.conf', import.meta.url);

/**
 * `deploy/nginx.conf` as shipped, with what only a deployment knows put in: its `upstream maya`
 * servers become `upstreams` (host:port, each with the parameters the shipped servers carry), and
 * its `listen` a free port on 127.0.0.1. Everything else (headers, timeouts, retries on another
 * instance) is the file's own; a change to the file is what the cluster suite tests.
 */
export function shippedSite(shipped: string, upstreams: string[], port: number): string {
  const block = /upstream maya \{([^}]*)\}/.exec(shipped);
  if (!block) throw new Error('deploy/nginx.conf has no `upstream maya { … }` block');
  const servers = [...block[1]!.matchAll(/^(\s*)server\s+\S+(.*);\s*$/gm)];
  if (servers.length === 0) throw new Error('deploy/nginx.conf lists no upstream server');
  const [, indent, parameters] = servers[0]!;
  const ours = upstreams.map((upstream) => `${indent}server ${upstream}${parameters};`).join('\n');
  let body = block[1]!.replace(/^\s*server\s+\S+.*;\s*$\n?/gm, '');
  body = `${body.trimEnd()}\n${ours}\n`;
  const site = shipped.replace(block[0], `upstream maya {${body}}`);
  const listens = site.match(/^\s*listen\s+[^;]+;/gm) ?? [];
  if (listens.length !== 1) throw new Error('deploy/nginx.conf should have one `listen`');
  return site.replace(/^(\s*)listen\s+[^;]+;/m, `$1listen 127.0.0.1:${port};`);
}

/**
 * nginx on a free port in front of `upstreams` (host:port), running `deploy/nginx.conf` as
 * shipped (see `shippedSite`) inside the main and http contexts the nginx image gives a conf.d
 * file, with its pid, logs and temporary files in a temporary folder.
 */
export async function startNginx(upstreams: string[]): Promise<LoadBalancer> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed: apt-get install nginx');
  const dir = await mkdtemp(join(tmpdir(), 'maya-cluster-nginx-'));
  const port = await freePort();
  await writeFile(
    join(dir, 'maya.conf'),
    shippedSite(await readFile(SHIPPED, 'utf8'), upstreams, port),
  );
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/maya.conf;
}
`;
  await writeFile(join(dir, 'nginx.conf'), config);
  const child = spawn(
    binary,
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (await accepting(port)) {
      return {
        url: `http://127.0.0.1:${port}`,
        port,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
          await rm(dir, { recursive: true, force: true });
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('nginx did not listen within 5 s');
}
