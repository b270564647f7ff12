import { z } from 'zod';

export const messageMailSchema = z
  .enum(['off', 'digest', 'each'])
  .describe(
    'off: no mail; digest: one mail of every chat with unread messages per delay window; each: a mail per chat, at most once per chat per delay window.',
  );
export type MessageMail = z.infer<typeof messageMailSchema>;

/**
 * The Portuguese a bare `pt` means: the web's (its <html lang>), so the web, the mails and the
 * server's answers speak one variant.
 */
export const PORTUGUESE_VARIANT = 'pt-BR';

export const mailLanguageSchema = z
  .enum(['en', 'pt', 'pt-PT', 'pt-BR'])
  .describe(
    "The language of the mails and notifications: en, pt-PT (Portugal) or pt-BR (Brazil); pt is the web app's Portuguese, pt-BR.",
  );
export type MailLanguage = z.infer<typeof mailLanguageSchema>;

export const notificationSettingsSchema = z
  .object({
    messageMail: messageMailSchema,
    messageText: z
      .boolean()
      .describe('Whether mails quote the latest messages; false leaves every message text out.'),
    language: mailLanguageSchema,
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsBodySchema = notificationSettingsSchema
  .partial()
  .strict()
  .meta({ id: 'UpdateNotificationSettingsBody' });
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBodySchema>;

/**
 * The signed one-click unsubscribe link's query (RFC 8058); inline, as query schemas are. A link
 * without `issued` and `version` was mailed before links expired, and has.
 */
export const unsubscribeQuerySchema = z.object({
  user: z.uuid(),
  issued: z
    .string()
    .regex(/^\d{1,12}$/, 'Not a time')
    .optional()
    .describe('When the link was mailed, in seconds since 1970; it works for 90 days.'),
  version: z
    .string()
    .regex(/^[\w-]{11}$/, 'Not a link version')
    .optional()
    .describe(
      "The account's password when the link was mailed, as a fingerprint: a password change ends the link.",
    ),
  token: z
    .string()
    .regex(/^[\w-]{43}$/, 'Not an unsubscribe token')
    .describe('HMAC of the user id, `issued` and `version` with the server secret, base64url.'),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** Whether this server sends web push (VAPID keys configured), and the key a browser subscribes with. */
export const pushConfigSchema = z
  .object({
    publicKey: z
      .string()
      .nullable()
      .describe(
        "The server's VAPID public key (base64url) for PushManager.subscribe; null: web push is not configured, so the setting is not offered.",
      ),
  })
  .meta({ id: 'PushConfig' });
export type PushConfig = z.infer<typeof pushConfigSchema>;

/** Most push subscriptions one person keeps; a new browser beyond it replaces their oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(
      new RegExp(`^[\\w-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`),
      `Must be the ${what}, ${bytes} bytes in base64url`,
    );

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it. The endpoint is the push
 * service's https: address (http: on 127.0.0.1 or localhost passes this schema, for a local
 * stand-in; the server then refuses it, as any endpoint whose addresses are not all public, with
 * a 422 `ENDPOINT_NOT_ALLOWED`, unless its development setting allows that loopback port).
 */
export const pushSubscriptionBodySchema = z
  .object({
    endpoint: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .refine(
        (endpoint) =>
          endpoint.startsWith('https://') ||
          /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(endpoint),
        'The push endpoint must be an https: URL',
      )
      .describe(
        "The push service's URL for this browser: https:, on an allowed port (443), with a host whose every address is public.",
      ),
    expirationTime: z.number().nullish().describe('Ignored: when the browser says it ends.'),
    keys: z
      .object({
        p256dh: base64url(65, "browser's P-256 public key"),
        auth: base64url(16, 'authentication secret'),
      })
      .strict(),
  })
  .strict()
  .meta({ id: 'PushSubscriptionBody' });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** A saved subscription, named by its key: SHA-256 of the endpoint, base64url. */
export const pushSubscriptionSchema = z
  .object({
    key: z.string().describe('SHA-256 of the endpoint, base64url: the subscription in URLs.'),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionParamsSchema = z.object({
  key: z
    .string()
    .regex(/^[\w-]{43}$/, 'Not a subscription key')
    .describe('SHA-256 of the endpoint, base64url.'),
});
