import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodesSchema, errorStatus, type ErrorCode, type ErrorCodes } from '@maya/contracts';
import { security } from './auth.js';
import { ERROR_CODES_PATH, errorCodeAnchor, problemMeanings, problemTitles } from './problem.js';

const codes: ErrorCodes['codes'] = (Object.keys(errorStatus) as ErrorCode[]).map((code) => ({
  code,
  status: errorStatus[code],
  title: problemTitles[code],
  meaning: problemMeanings[code],
  type: `${ERROR_CODES_PATH}#${errorCodeAnchor(code)}`,
}));

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );
}

/** `code` spans in a meaning, as in the contract's Markdown. */
function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** A browser's Accept names text/html before any JSON type; an API client's names JSON or nothing. */
function prefersHtml(accept: string | undefined): boolean {
  const types = (accept ?? '').split(',').map((entry) => entry.split(';')[0]?.trim() ?? '');
  const html = types.indexOf('text/html');
  const json = types.findIndex((type) => /^application\/(?:[\w.-]+\+)?json$/.test(type));
  return html !== -1 && (json === -1 || html < json);
}

/**
 * The page, in English (a problem's `detail` is in the asker's language, its `title` and this
 * page are the codes' reference): no script (the CSP allows none), one
 * inline style sheet (which it allows), and an anchor per code so `/api/errors#not-found` lands
 * on its row.
 */
const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Maya Market API: error codes</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 0.5rem; border-bottom: 1px solid #ccc; }
tr:target { background: #fff4c2; }
code { font-size: 0.9em; }
</style>
</head>
<body>
<main>
<h1>Error codes</h1>
<p>Every error of the Maya Market API is an RFC 9457 problem details answer
(<code>application/problem+json</code>) with a stable <code>code</code>; its <code>type</code> is
this page and the code's row. Branch on <code>code</code>, never on <code>detail</code>. The same
list is JSON when asked for with <code>Accept: application/json</code>.</p>
<table>
<thead><tr><th scope="col">Code</th><th scope="col">Status</th><th scope="col">Title</th><th scope="col">Meaning</th></tr></thead>
<tbody>
${codes
  .map(
    (entry) =>
      `<tr id="${errorCodeAnchor(entry.code)}"><td><code>${entry.code}</code></td><td>${entry.status}</td><td>${escapeHtml(entry.title)}</td><td>${inlineCode(entry.meaning)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
</main>
</body>
</html>
`;

/**
 * The page at every problem's `type` URI (`/api/errors#<code>`): the codes of
 * packages/contracts with their status, title and meaning, as HTML for a browser and JSON for
 * anything else.
 */
export const errorCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ERROR_CODES_PATH,
    {
      schema: {
        tags: ['health'],
        summary: 'The error codes that problem details carry, with their meaning',
        security: security.none,
        response: {
          200: {
            description: 'Every error code with its status, title, meaning and problem `type`.',
            content: {
              'application/json': { schema: errorCodesSchema },
              'text/html': {
                schema: z.string().describe('The same list as a page, one row per code.'),
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'accept').header('cache-control', 'public, max-age=3600');
      if (prefersHtml(request.headers.accept)) {
        return reply.type('text/html; charset=utf-8').header('content-language', 'en').send(html);
      }
      return { codes };
    },
  );
};
