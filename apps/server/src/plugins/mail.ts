import { join } from 'node:path';
import fp from 'fastify-plugin';
import { countingMailer, createMailer, type Mailer } from '../lib/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp<{
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  /** Log an outboxed mail's link (OUTBOX_LOG_LINKS): a local user follows it from the console. */
  logLinks: boolean;
  production: boolean;
  mailer?: Mailer;
}>(
  async (app, options) => {
    const outboxDir = join(options.dataDir, 'outbox');
    if (!options.mailer && !options.smtpUrl && options.production) {
      // Once, at start: in production an outbox is almost always a forgotten SMTP_URL.
      app.log.warn(
        { outboxDir, linksLogged: options.logLinks },
        'SMTP_URL is not set: mail is written to the outbox folder and nobody receives it',
      );
    }
    const configured =
      options.mailer ??
      createMailer({
        smtpUrl: options.smtpUrl,
        from: options.from,
        outboxDir,
        log: (message, { link, ...details }) =>
          app.log.info(options.logLinks ? { ...details, link } : details, message),
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
