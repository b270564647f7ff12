import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import Fastify, {
  type FastifyInstance,
  type FastifyLoggerOptions,
  type FastifyServerOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LanguageModel } from 'ai';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { buildInfo } from './lib/build-info.js';
import { createMailLinkSigner } from './lib/mail-link-signer.js';
import { createEventBus } from './lib/events.js';
import { loadLexicon, useLexicon } from './lib/lexicon/index.js';
import { loadPasswordHashing } from './lib/password.js';
import type { LimiterStore } from './lib/limiter.js';
import { redactTokens } from './lib/redact.js';
import { serializerCompiler, validatorCompiler } from './lib/zod-compilers.js';
import type { Mailer } from './lib/mailer.js';
import { createOutboundGuard, dnsServersResolver, systemResolver } from './lib/outbound.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createAccountRepository } from './modules/account/account.repository.js';
import { createAccountService } from './modules/account/account.service.js';
import { assistantRoutes } from './modules/assistant/assistant.routes.js';
import type { AssistantService } from './modules/assistant/assistant.service.js';
import { createBriefsRepository } from './modules/briefs/briefs.repository.js';
import { briefsRoutes } from './modules/briefs/briefs.routes.js';
import type { BriefsService } from './modules/briefs/briefs.service.js';
import { createAccessService } from './modules/auth/access.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createKnownDevicesRepository } from './modules/auth/known-devices.repository.js';
import { createKnownDevicesService } from './modules/auth/known-devices.service.js';
import { createEmailConfirmationsRepository } from './modules/auth/email-confirmations.repository.js';
import { createMailedLinksService } from './modules/auth/mailed-links.service.js';
import { createPasswordResetsRepository } from './modules/auth/password-resets.repository.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createSessionsService, defaultSessionPolicy } from './modules/auth/sessions.service.js';
import { createSignInLinksRepository } from './modules/auth/sign-in-links.repository.js';
import { createSignInThrottle } from './modules/auth/sign-in-throttle.js';
import { createBillingRepository } from './modules/billing/billing.repository.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { createBillingService } from './modules/billing/billing.service.js';
import { createBlocksRepository } from './modules/blocks/blocks.repository.js';
import { blocksRoutes } from './modules/blocks/blocks.routes.js';
import { createBlocksService } from './modules/blocks/blocks.service.js';
import { chatsRoutes } from './modules/chats/chats.routes.js';
import { createChatsRepository } from './modules/chats/chats.repository.js';
import { createChatsService } from './modules/chats/chats.service.js';
import { registerChatSocketHandlers } from './modules/chats/chats.socket.js';
import { createDealNotices } from './modules/deals/deal-notices.js';
import { dealMoveNotice } from './modules/deals/deal-words.js';
import { createDealsRepository } from './modules/deals/deals.repository.js';
import { dealsRoutes } from './modules/deals/deals.routes.js';
import { createDealsService } from './modules/deals/deals.service.js';
import { createDirectoryRepository } from './modules/directory/directory.repository.js';
import { directoryRoutes } from './modules/directory/directory.routes.js';
import { createDirectoryService } from './modules/directory/directory.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createFoldersRepository } from './modules/legacy/folders.repository.js';
import { legacyRoutes } from './modules/legacy/legacy.routes.js';
import { createMayaRepository } from './modules/negotiation/maya.repository.js';
import { createMayaAnswers } from './modules/negotiation/maya-answers.js';
import { createNegotiationRepository } from './modules/negotiation/negotiation.repository.js';
import {
  createPhrasingWriter,
  warmPhrasing,
  type PhrasingWriter,
} from './modules/negotiation/phrasing.js';
import { negotiationRoutes } from './modules/negotiation/negotiation.routes.js';
import { createNegotiationSettingsService } from './modules/negotiation/negotiation-settings.service.js';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { appendAudit } from './modules/operators/audit.repository.js';
import { createModerationRepository } from './modules/moderation/moderation.repository.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { createModerationService } from './modules/moderation/moderation.service.js';
import { createPushRepository } from './modules/notifications/push.repository.js';
import { pushRoutes } from './modules/notifications/push.routes.js';
import { createPushService } from './modules/notifications/push.service.js';
import { createOperatorSessionsService } from './modules/operators/operator-sessions.service.js';
import { createOperatorsRepository } from './modules/operators/operators.repository.js';
import { operatorsRoutes } from './modules/operators/operators.routes.js';
import { createOperatorsService } from './modules/operators/operators.service.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { createPlacesService } from './modules/places/places.service.js';
import { createReportsRepository } from './modules/reports/reports.repository.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createReviewsRepository } from './modules/reviews/reviews.repository.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { createSavedRepository } from './modules/saved/saved.repository.js';
import { savedRoutes } from './modules/saved/saved.routes.js';
import { createSavedService } from './modules/saved/saved.service.js';
import { createServicesRepository } from './modules/services/services.repository.js';
import { servicesRoutes } from './modules/services/services.routes.js';
import { createServicesService } from './modules/services/services.service.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { createUploadsRepository } from './modules/uploads/uploads.repository.js';
import { createUploadsService } from './modules/uploads/uploads.service.js';
import auth from './plugins/auth.js';
import database from './plugins/database.js';
import errorHandler from './plugins/error-handler.js';
import limits from './plugins/limits.js';
import mail from './plugins/mail.js';
import operatorAuth from './plugins/operator-auth.js';
import jobs from './plugins/jobs.js';
import metrics from './plugins/metrics.js';
import realtime from './plugins/realtime.js';
import openapi from './plugins/openapi.js';
import { connectionOptions } from './plugins/connections.js';
import { errorCodesRoutes } from './plugins/error-codes.js';
import { buildProblem, sendProblem } from './plugins/problem.js';
import securityHeaders from './plugins/security-headers.js';
import uploads from './plugins/uploads.js';
import web from './plugins/web.js';

export interface AppOverrides {
  /** A migrated database; the app closes it only when it opened it itself. */
  database: DatabaseHandle;
  closeDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own log lines go instead of stdout (tests read them). */
  logStream?: FastifyLoggerOptions['stream'];
  mailer?: Mailer;
  /** How a slowed sign-in waits; tests record the waits instead of sitting through them. */
  signInWait?: (ms: number) => Promise<unknown>;
  /** A language model to use instead of the configured one (tests). */
  assistantModel?: LanguageModel;
  /** Where limits are counted instead of the configured store (tests). */
  limiterStore?: LimiterStore;
  /** The job workers start fetching once the server listens (server.ts), not while it starts. */
  workersAfterListen?: boolean;
}

const API_PREFIXES = [
  '/api/',
  '/socket.io/',
  '/uploads/',
  '/healthz',
  '/readyz',
  '/metrics',
  // The original client's calls outside /api (modules/legacy): never answered with the app shell.
  '/chats/',
  '/mainfolder/',
  '/user/',
];

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function of the hop (Fastify itself
 * refuses bare counts, since a client that reaches the app without the balancer can add entries):
 * the nearest `hops` addresses are proxies, and the one before them is the client.
 */
function trustedProxies(
  setting: Config['TRUST_PROXY'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/**
 * Every schema is Zod's: Fastify builds its compilers from these instead of Ajv and
 * fast-json-stringify, which a start would otherwise load (and compile) for nothing. Fastify types
 * the factories for Ajv's schemas, hence the cast.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM (server.ts): /readyz answers 503 while requests still get served. */
    draining: boolean;
  }
}

export async function buildApp(config: Config, overrides: AppOverrides): Promise<FastifyInstance> {
  // The word lists search and Maya read, checked now: a bad file stops the start, naming it.
  useLexicon(loadLexicon(config.LEXICON_DIR));
  const app = Fastify({
    logger: overrides.logger ?? {
      level: config.LOG_LEVEL,
      // Every line says which build wrote it.
      base: { pid: process.pid, hostname: hostname(), version: buildInfo.version },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Fastify's request line, with link tokens (reset, sign-in) taken out of the URL.
      serializers: {
        req: (request) => ({
          method: request.method,
          url: request.url && redactTokens(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(overrides.logStream && { stream: overrides.logStream }),
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    schemaController: { compilersFactory: zodCompilers },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A request must arrive within its time limits (408 otherwise); its response is not limited.
    ...connectionOptions({
      requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
      headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionMs: config.HTTP_CONNECTION_TIMEOUT_MS,
      keepAliveMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    }),
    trustProxy: trustedProxies(config.TRUST_PROXY),
    routerOptions: { maxParamLength: 200 },
    // The router refuses a broken percent-encoding or an over-long path parameter before any
    // hook or error handler runs; these answers are problem details like every other.
    frameworkErrors: (error, request, reply) => {
      const detail =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A part of the request URL is too long.'
          : 'The request URL is malformed.';
      void sendProblem(reply, buildProblem('MALFORMED_REQUEST', detail, request.url.split('?')[0]));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Infrastructure first: everything after may rely on errors, headers, the database and limits.
  await app.register(errorHandler);
  // Metrics early: the database pool, limits, mail and job queue count into its meters.
  await app.register(metrics, {
    token: config.METRICS_TOKEN,
    port: config.METRICS_PORT,
    host: config.HOST,
  });
  await app.register(securityHeaders, {
    mapTileUrl: config.MAP_TILE_URL,
    https: config.PUBLIC_URL.startsWith('https:'),
    imageBaseUrl: config.S3_PUBLIC_URL,
  });
  await app.register(database, {
    database: overrides.database,
    closeOnShutdown: overrides.closeDatabase ?? false,
  });
  // Throttles, route rate limits and socket budgets, counted in Redis, PostgreSQL or memory.
  await app.register(limits, {
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    databaseTimeouts: {
      connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    databasePoolMax: config.DATABASE_LIMITS_POOL_MAX,
    storeTimeoutMs: config.LIMITS_STORE_TIMEOUT_MS,
    store: overrides.limiterStore,
  });
  await app.register(mail, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    logLinks: config.OUTBOX_LOG_LINKS,
    production: config.NODE_ENV === 'production',
    mailer: overrides.mailer,
  });
  // The durable job queue (pg-boss) on the same database; metrics count its jobs.
  await app.register(jobs, {
    pollSeconds: config.JOBS_POLL_SECONDS,
    keepFinishedSeconds: config.JOBS_KEEP_FINISHED_SECONDS,
    workersAfterListen: overrides.workersAfterListen ?? false,
  });
  await app.register(openapi, { publicUrl: config.PUBLIC_URL });
  // Image storage (disk, or S3 when configured) and /uploads.
  await app.register(uploads, { config });

  // Domain modules: each gets its services through options, never another module's repository.
  // Built in dependency order: the directory, uploads and chats first; then the ways into an
  // account (sessions, known devices), the account, and sign-up and sign-in over it.
  // The offline gazetteer: read in the background once the server listens (not in tests, which
  // read it on first use), so the first address search finds it ready.
  const places = createPlacesService();
  // A business's services and prices: its profile, the cards' lowest price, Maya's price list.
  const services = createServicesService({ repository: createServicesRepository(app.db) });
  // Maya answering a business's quote requests: its choices, and each service's floor.
  const negotiation = createNegotiationSettingsService({
    repository: createNegotiationRepository(app.db),
    services,
  });
  const directory = createDirectoryService(createDirectoryRepository(app.db), {
    places,
    prices: services,
    // A client's cards say which businesses they saved; the saved module reads the directory
    // for its own cards, so the call reaches it once both exist.
    saved: { savedAmong: (buyerId, ids) => saved.savedAmong(buyerId, ids) },
    // Cards and profiles show a business's rating and the ranking weighs it; the reviews module
    // reads the directory for its people, so the call reaches it once both exist.
    ratings: { ratingsOf: (ids) => reviews.ratingsOf(ids) },
  });
  const saved = createSavedService({ repository: createSavedRepository(app.db), directory });
  const blocks = createBlocksService({ repository: createBlocksRepository(app.db), directory });
  if (config.NODE_ENV !== 'test') {
    app.addHook('onListen', async () => {
      const started = performance.now();
      places
        .warm()
        .then(() =>
          app.log.info({ ms: Math.round(performance.now() - started) }, 'the gazetteer is loaded'),
        )
        .catch((error: unknown) => app.log.error({ err: error }, 'loading the gazetteer failed'));
      // The password hashing's native binding, so the first sign-in does not wait for it.
      loadPasswordHashing().catch((error: unknown) =>
        app.log.error({ err: error }, 'loading the password hashing failed'),
      );
    });
  }
  const uploadsService = createUploadsService({
    repository: createUploadsRepository(app.db),
    storage: app.storage,
    limits: { maxPixels: config.UPLOAD_MAX_PIXELS },
    log: app.log,
  });
  const sessionPolicy = defaultSessionPolicy;
  const events = createEventBus();
  let assistant: Promise<AssistantService> | undefined;
  const notificationsRepository = createNotificationsRepository(app.db);
  // One secret signs every link mailed to work without a session (unsubscribe, appeal):
  // MAIL_LINK_SECRET, or one made once and kept in the database for every process.
  const mailLinks = createMailLinkSigner({
    configured: config.MAIL_LINK_SECRET,
    keep: (candidate) => notificationsRepository.serverSecret('mail-link', candidate),
  });
  const notifications = createNotificationsService({
    repository: notificationsRepository,
    jobs: app.jobs,
    mailer: app.mailer,
    publicUrl: config.PUBLIC_URL,
    delaySeconds: config.MESSAGE_MAIL_DELAY_SECONDS,
    signer: mailLinks,
    // The socket server is registered below; a job runs only once the app is ready.
    openChats: (userId) => app.presence.openChats(userId),
    log: app.log,
  });
  // Every request to an address a person gave (push endpoints) goes through this one guard.
  const outbound = createOutboundGuard({
    resolve: config.OUTBOUND_DNS_SERVERS
      ? dnsServersResolver(config.OUTBOUND_DNS_SERVERS)
      : systemResolver(),
    loopbackPorts: config.OUTBOUND_ALLOW_LOOPBACK ?? [],
  });
  // Web push follows the mail's rule: nothing while the chat is open on one of the person's
  // screens.
  const push = createPushService({
    repository: createPushRepository(app.db),
    jobs: app.jobs,
    vapid:
      config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY && config.VAPID_SUBJECT
        ? {
            publicKey: config.VAPID_PUBLIC_KEY,
            privateKey: config.VAPID_PRIVATE_KEY,
            subject: config.VAPID_SUBJECT,
          }
        : undefined,
    outbound,
    endpointPorts: config.PUSH_ENDPOINT_PORTS,
    sessionIdleMs: sessionPolicy.idleMs,
    isOnline: (userId, chatId) => app.presence.isOnlineInChat(userId, chatId),
    describeDealMove: dealMoveNotice,
    meters: {
      sent: () => app.meters.pushSent.inc(),
      failed: (reason) => app.meters.pushFailed.inc({ reason }),
    },
    log: app.log,
  });
  /** A message (or a deal's move) for someone away from the chat: the unread mail and push. */
  const tellAway = (sent: { chatId: string; recipientId: string }) => {
    notifications
      .messageSent(sent)
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'queueing the unread-message mail failed'),
      );
    push
      .messageSent(sent)
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'queueing the push notification failed'),
      );
  };
  const chats = createChatsService({
    repository: createChatsRepository(app.db),
    directory,
    events,
    blocks,
    limiterStore: app.limiterStore,
    // The deals' moves are messages of the chat; the deals service (below) describes them.
    dealMoves: (rows) => deals.describeMoves(rows),
    // After the commit and the socket event, off the request's path.
    onMessageCreated: (created) => {
      app.meters.messagesSent.inc({ transport: created.transport }, created.count);
      tellAway(created);
      // Someone writing in a chat where Maya answers for the business ends her part there.
      mayaAnswers
        .typed(created)
        .catch((error: unknown) => app.log.error({ err: error }, 'ending Maya’s part failed'));
    },
  });
  // Quote requests, offers and deals: each move is a message of the pair's chat; the job queue
  // mails the notices a deal's clock calls for (an offer about to lapse, a request that lapsed).
  const dealsRepository = createDealsRepository(app.db);
  const dealNotices = createDealNotices({
    repository: dealsRepository,
    jobs: app.jobs,
    notifications,
    blocks,
    directory,
    publicUrl: config.PUBLIC_URL,
  });
  const deals = createDealsService({
    repository: dealsRepository,
    directory,
    chats,
    blocks,
    events,
    languageOf: async (userId) => (await notificationsRepository.findSettings(userId)).language,
    onMove: (move) => {
      dealNotices
        .moved(move)
        .catch((error: unknown) => app.log.error({ err: error }, 'queueing a deal notice failed'));
      // Maya's turn for a business she answers for, or the end of her part.
      mayaAnswers
        .moved(move)
        .catch((error: unknown) => app.log.error({ err: error }, 'queueing Maya’s turn failed'));
      // A person's move reaches the other one away from the chat as a message does: counted in
      // the unread-message mail, and said in words on their devices (push). The clock's moves
      // (a lapse, a completion) have notices of their own.
      const { deal } = move.deal;
      if (move.event.actor === 'system') return;
      const recipientId = move.event.actor === 'buyer' ? deal.sellerId : deal.buyerId;
      tellAway({ chatId: deal.chatId, recipientId });
    },
  });
  // Maya answering quote requests for a Pro business away from its screen: her turns run on the
  // job queue, through the deals service, and her words go through the outbound check.
  let phrasingWriter: Promise<PhrasingWriter> | undefined;
  const mayaWriter = () => (phrasingWriter ??= createPhrasingWriter(config));
  if (config.NODE_ENV !== 'test') {
    // Her words' one-time costs, so the first turns after a start do not hold up people's chats.
    app.addHook('onListen', async () => {
      mayaWriter()
        .then(warmPhrasing)
        .catch((error: unknown) => app.log.error({ err: error }, "warming Maya's words failed"));
    });
  }
  const mayaAnswers = createMayaAnswers({
    repository: createMayaRepository(app.db),
    deals,
    settings: negotiation,
    prices: services,
    chats,
    blocks,
    directory,
    notifications,
    push,
    jobs: app.jobs,
    isConnected: (userId) => app.presence.isConnected(userId),
    languageOf: async (userId) => (await notificationsRepository.findSettings(userId)).language,
    writer: mayaWriter,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
  });
  // Reviews after a completed deal: read from the deals' rows, published when both are written
  // or the window closed, as decided at each read.
  const reviews = createReviewsService({
    repository: createReviewsRepository(app.db),
    directory,
    blocks,
  });
  const sessions = createSessionsService({
    repository: createSessionsRepository(app.db),
    policy: sessionPolicy,
    // A session is looked up once per 10 s per process. Revocations drop it at once here, and
    // reach the other processes sharing a PostgreSQL through the socket adapter (below).
    cacheMs: 10_000,
    onSessionsRevoked: (userId, keptSessionId) =>
      events.disconnect({ userId, exceptSessionId: keptSessionId }),
    onSessionEnded: (sessionId) => events.disconnect({ sessionId }),
    // A suspended or terminated account gets no new session, whichever way it signs in.
    admit: (userId) => moderation.admit(userId),
  });
  const devices = createKnownDevicesService(createKnownDevicesRepository(app.db));
  const resets = createPasswordResetsRepository(app.db);
  const signInLinks = createSignInLinksRepository(app.db);
  const confirmations = createEmailConfirmationsRepository(app.db);
  const access = createAccessService({
    sessions,
    devices,
    resets,
    signInLinks,
    confirmations,
    devicePush: push,
  });
  const throttleWindowMs = config.AUTH_THROTTLE_WINDOW_SECONDS * 1000;
  // One count of failed passwords: sign-ins, and the account's re-entries of its password.
  const signIns = createSignInThrottle({
    windowMs: throttleWindowMs,
    wait: overrides.signInWait,
    store: app.limiterStore,
  });
  // Reports and notices freeze a profile's gallery as evidence; a notice's notifier is mailed.
  const reports = createReportsService({
    repository: createReportsRepository(app.db),
    galleryUrls: async (userId) =>
      (await uploadsService.getGallery(userId)).map((image) => image.url),
    mailer: app.mailer,
    jobs: app.jobs,
    publicUrl: config.PUBLIC_URL,
    reviewForReport: (actor, reviewId, part) => reviews.reviewForReport(actor, reviewId, part),
    log: app.log,
  });
  // The account mails an email change through auth's links, which are built from the account:
  // the call reaches them once both exist.
  const account = createAccountService({
    repository: createAccountRepository(app.db),
    uploads: uploadsService,
    chats,
    access,
    emailLinks: { mailEmailChange: (user, newEmail) => links.mailEmailChange(user, newEmail) },
    reentry: signIns,
    devicePush: {
      forgetAll: (userId) => push.forgetAll(userId),
      exportOwn: (userId) => push.exportOwn(userId),
    },
    notificationSettings: (actor) => notifications.getSettings(actor),
    reports,
    // Built below, with the routes; the export asks it only once a request comes.
    moderation: { findMyDecisions: (actor) => moderation.findMyDecisions(actor) },
    blocks,
    services,
    negotiation,
    briefs: createBriefsRepository(app.db),
    deals,
    saved,
    reviews,
  });
  const links = createMailedLinksService({
    account,
    resets,
    signInLinks,
    confirmations,
    sessions,
    devices,
    access,
    mailer: app.mailer,
    jobs: app.jobs,
    publicUrl: config.PUBLIC_URL,
    windowMs: throttleWindowMs,
    limiterStore: app.limiterStore,
    log: app.log,
    // An account's mail language is kept with its notification settings.
    languageOf: async (userId) =>
      (await createNotificationsRepository(app.db).findSettings(userId)).language,
  });
  const authService = createAuthService({
    account,
    uploads: uploadsService,
    sessions,
    devices,
    links,
    signIns,
    log: app.log,
    setMailLanguage: async (userId, language) => {
      const settings = createNotificationsRepository(app.db);
      await settings.upsertSettings(userId, { ...(await settings.findSettings(userId)), language });
    },
  });
  await app.register(auth, { sessions, publicUrl: config.PUBLIC_URL });
  // Operators (the console at /admin): a session and cookie of their own, which a member's
  // session never opens; their passwords count on the same sign-in throttle, apart by name.
  const operatorsRepository = createOperatorsRepository(app.db);
  const operatorSessions = createOperatorSessionsService({
    repository: operatorsRepository,
    signIns,
    limiterStore: app.limiterStore,
  });
  const operators = createOperatorsService({ repository: operatorsRepository });
  await app.register(operatorAuth, { sessions: operatorSessions, publicUrl: config.PUBLIC_URL });
  await app.register(realtime, {
    publicUrl: config.PUBLIC_URL,
    databaseUrl: config.DATABASE_URL,
    databaseTimeouts: {
      connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    databasePoolMax: config.DATABASE_EVENTS_POOL_MAX,
    redisUrl: config.REDIS_URL,
    socketsPerUser: config.SOCKETS_PER_USER,
    authenticate: (token) => sessions.resolveToken(token),
    onSessionsEndedElsewhere: (target) => sessions.forgetCached(target),
    events,
  });
  registerChatSocketHandlers(app.io, chats, app.log);

  app.decorate('draining', false);
  await app.register(healthRoutes, { mapTileUrl: config.MAP_TILE_URL });
  // The page every problem's `type` points to.
  await app.register(errorCodesRoutes);
  await app.register(authRoutes, {
    prefix: '/api/v1',
    auth: authService,
    links,
    sessions,
    account,
    sessionPolicy,
  });
  await app.register(accountRoutes, {
    prefix: '/api/v1',
    account,
    uploads: uploadsService,
    maxFileBytes: config.UPLOAD_MAX_BYTES,
  });
  await app.register(directoryRoutes, {
    prefix: '/api/v1',
    directory,
    uploads: uploadsService,
    services,
  });
  await app.register(servicesRoutes, { prefix: '/api/v1', services });
  await app.register(negotiationRoutes, {
    prefix: '/api/v1',
    settings: negotiation,
    answers: mayaAnswers,
  });
  await app.register(chatsRoutes, {
    prefix: '/api/v1',
    chats,
    counterProposalFor: (actor, chatId, text) => deals.counterProposalFor(actor, chatId, text),
  });
  await app.register(dealsRoutes, { prefix: '/api/v1', deals });
  await app.register(reviewsRoutes, { prefix: '/api/v1', reviews });
  await app.register(blocksRoutes, { prefix: '/api/v1', blocks });
  await app.register(savedRoutes, { prefix: '/api/v1', saved });
  await app.register(notificationsRoutes, { prefix: '/api/v1', notifications });
  await app.register(pushRoutes, { prefix: '/api/v1', push });
  await app.register(reportsRoutes, { prefix: '/api/v1', reports });
  // Operators' decisions: restrictions, statements of reasons, appeals (and the console's queue).
  const moderation = createModerationService({
    db: app.db,
    repository: createModerationRepository(app.db),
    sessions,
    events,
    mailer: app.mailer,
    jobs: app.jobs,
    publicUrl: config.PUBLIC_URL,
    signer: mailLinks,
    mailNotifier: (report, decision) => reports.notifyNotifierOfDecision(report, decision),
    audit: appendAudit,
    log: app.log,
  });
  await app.register(moderationRoutes, { prefix: '/api/v1', moderation });
  await notifications.start();
  await dealNotices.start();
  await mayaAnswers.start();
  await push.start();
  await links.start();
  await reports.start();
  await moderation.start();
  await app.register(placesRoutes, { prefix: '/api/v1', places });
  await app.register(billingRoutes, {
    prefix: '/api/v1',
    config,
    billing: createBillingService({
      repository: createBillingRepository(app.db),
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      toleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    }),
  });
  await app.register(assistantRoutes, {
    prefix: '/api/v1',
    model: overrides.assistantModel ? 'override' : config.AI_PROVIDER,
    // The AI SDK loads with the first question, not at start-up.
    assistant: () =>
      (assistant ??= import('./modules/assistant/assistant.service.js').then(
        ({ createAssistantService }) =>
          createAssistantService({ config, directory, account, model: overrides.assistantModel }),
      )),
  });
  // Maya gathering quotes for a buyer: her reading and the AI SDK load with the first brief.
  let briefsService: Promise<BriefsService> | undefined;
  await app.register(briefsRoutes, {
    prefix: '/api/v1',
    briefs: () =>
      (briefsService ??= Promise.all([
        import('./modules/briefs/briefs.service.js'),
        import('./modules/assistant/need-reading.js'),
      ]).then(([{ createBriefsService }, { createNeedReader }]) =>
        createBriefsService({
          repository: createBriefsRepository(app.db),
          needs: createNeedReader({ directory, account }),
          deals,
          directory,
          services,
          blocks,
          account,
        }),
      )),
  });
  await app.register(uploadsRoutes, {
    prefix: '/api/v1',
    uploads: uploadsService,
    maxFileBytes: config.UPLOAD_MAX_BYTES,
    maxFiles: config.UPLOAD_MAX_FILES,
  });

  // The operator console's API; the console's screens are the web app's /admin.
  await app.register(operatorsRoutes, {
    prefix: '/api/v1/admin',
    sessions: operatorSessions,
    operators,
  });

  // The original web client's calls (SPEC §7) at their old paths, over the same services.
  await app.register(legacyRoutes, {
    auth: authService,
    links,
    sessions,
    account,
    directory,
    uploads: uploadsService,
    chats,
    folders: createFoldersRepository(app.db),
    publicUrl: config.PUBLIC_URL,
    maxFileBytes: config.UPLOAD_MAX_BYTES,
    maxFiles: config.UPLOAD_MAX_FILES,
  });

  // Housekeeping: unclaimed sign-up avatars, dead sessions, old sign-in links and long-unused
  // devices are removed every ten minutes.
  const housekeeping = setInterval(() => {
    uploadsService
      .purgeUnclaimed()
      .catch((error: unknown) => app.log.error({ err: error }, 'purging unclaimed uploads failed'));
    access
      .purgeExpired()
      .catch((error: unknown) => app.log.error({ err: error }, 'purging sessions failed'));
    operatorSessions
      .purgeExpired()
      .catch((error: unknown) => app.log.error({ err: error }, 'purging operator sessions failed'));
  }, 10 * 60_000);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));

  // The web app last, so API routes always win over files.
  await app.register(web, {
    distDir: config.WEB_DIST_DIR,
    reservedPrefixes: API_PREFIXES,
    publicUrl: config.PUBLIC_URL,
  });

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 100, timeWindow: '1 minute' }) },
    async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      return sendProblem(
        reply,
        buildProblem('NOT_FOUND', `There is nothing at ${request.method} ${path}.`, path),
      );
    },
  );

  return app;
}
