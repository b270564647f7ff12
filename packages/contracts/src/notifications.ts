import { z } from 'zod';

export const messageMailSchema = z
  .enum(['off', 'digest', 'each'])
  .describe(
    'off: no mail; digest: one mail of every chat with unread messages per delay window; each: a mail per chat, at most once per chat per delay window.',
  );
export type MessageMail = z.infer<typeof messageMailSchema>;

export const mailLanguageSchema = z.enum(['en', 'pt']).describe('The language of the mails.');
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

/** The signed one-click unsubscribe link's query (RFC 8058); inline, as query schemas are. */
export const unsubscribeQuerySchema = z.object({
  user: z.uuid(),
  token: z
    .string()
    .regex(/^[\w-]{43}$/, 'Not an unsubscribe token')
    .describe('HMAC of the user id with the server secret, base64url.'),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;
