import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  mapTileUrl: string;
  https: boolean;
  /** Where uploaded images load from when not from this origin (S3_PUBLIC_URL). */
  imageBaseUrl?: string;
}

function tileOrigin(template: string): string {
  try {
    const url = new URL(template.replaceAll(/\{[a-z]+\}/g, 'x'));
    return url.origin;
  } catch {
    return '';
  }
}

/** JSON of any kind: `application/json`, `application/problem+json`, … */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

/**
 * A strict policy on every answer. Styles allow inline because the UI library injects its CSS
 * at run time; scripts never do.
 */
export function contentSecurityPolicy(mapTileUrl: string, imageBaseUrl?: string): string {
  const imageOrigins = [tileOrigin(mapTileUrl), imageBaseUrl ? tileOrigin(imageBaseUrl) : '']
    .filter(Boolean)
    .map((origin) => ` ${origin}`)
    .join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageOrigins}`,
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ].join('; ');
}

export default fp<SecurityHeadersOptions>(
  async (app, { mapTileUrl, https, imageBaseUrl }) => {
    const csp = contentSecurityPolicy(mapTileUrl, imageBaseUrl);
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', 'camera=(), geolocation=(self), microphone=(self)');
      if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      // Personal data never rests in a browser's or a proxy's cache: a JSON answer, problems
      // included, is not stored unless its route chose a policy (public data meant to be cached,
      // such as place suggestions and the error codes, says so itself).
      const type = reply.getHeader('content-type');
      if (!reply.hasHeader('cache-control') && typeof type === 'string' && JSON_TYPE.test(type)) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'security-headers' },
);
