import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createNoticeBodySchema,
  createReportBodySchema,
  noticeReceiptSchema,
  reportReceiptSchema,
} from '@maya/contracts';
import { localeOfRequest } from '../../lib/i18n/index.js';
import { requireActor, security } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { ReportsService } from './reports.service.js';

/** Reports a member sends per hour, and notices an address sends per hour. */
export const REPORTS_PER_HOUR = 20;
export const NOTICES_PER_HOUR = 10;

/** A member's report (signed in) and the public notice form's notice (anyone). */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  app.post(
    '/reports',
    {
      preHandler: app.rateLimit({
        max: REPORTS_PER_HOUR,
        timeWindow: '1 hour',
        keyGenerator: (request) => request.actor?.userId ?? request.ip,
      }),
      schema: {
        tags: ['reports'],
        summary: 'Report a user, one of their messages, or their profile',
        description: `The reason is illegal content (with its legal ground) or one against the rules. A message can be reported only by a member of its chat (404 otherwise); nobody reports themselves (403). The profile as it is now, and for a message the ten messages before and after it (for a person reported from a chat, its latest messages), are kept with the report as evidence. The same subject reported again while the caller's report is open answers that report (200, \`duplicate\`). The reported person is never told who reported them. At most ${REPORTS_PER_HOUR} a member an hour (429).`,
        body: createReportBodySchema,
        response: {
          201: reportReceiptSchema,
          200: reportReceiptSchema,
          ...problems(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { receipt, created } = await reports.createReport(
        requireActor(request),
        request.body,
        localeOfRequest(request),
      );
      return reply.code(created ? 201 : 200).send(receipt);
    },
  );

  app.post(
    '/notices',
    {
      preHandler: app.rateLimit({
        max: NOTICES_PER_HOUR,
        timeWindow: '1 hour',
        keyGenerator: (request) => request.ip,
      }),
      schema: {
        tags: ['reports'],
        security: security.none,
        summary: 'Send a notice of illegal content (DSA Art. 16), signed in or not',
        description: `The four fields of a notice: why the content is illegal (\`explanation\`), where it is (\`location\`, an address of this site, such as a profile /sellers/<id>), who sends it (\`notifierName\`, \`notifierEmail\`) and a statement that it is sent in good faith (\`goodFaith\`, true). A receipt naming each field is mailed to the notifier in the form's \`language\`, and later the decision. At most ${NOTICES_PER_HOUR} an address an hour (429).`,
        body: createNoticeBodySchema,
        response: { 201: noticeReceiptSchema, ...problems(400, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await reports.createNotice(request.body)),
  );
};
