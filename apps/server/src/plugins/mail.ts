import { join } from 'node:path';
import fp from 'fastify-plugin';
import { countingMailer, createMailer, type Mailer } from '../lib/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp<{ smtpUrl: string | undefined; from: string; dataDir: string; mailer?: Mailer }>(
  async (app, options) => {
    const configured =
      options.mailer ??
      createMailer({
        smtpUrl: options.smtpUrl,
        from: options.from,
        outboxDir: join(options.dataDir, 'outbox'),
        log: (message, details) => app.log.info(details, message),
      });
    const meters = {
      queued: app.meters.mailQueued,
      sent: app.meters.mailSent,
      failed: app.meters.mailFailed,
    };
    const mailer = countingMailer(configured, (event, kind) => meters[event].inc({ kind }));
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['metrics'] },
);
