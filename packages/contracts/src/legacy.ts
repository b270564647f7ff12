import { z } from 'zod';
import { idSchema, roleSchema, sectorSchema } from './common.js';
import { sendMessageBodySchema } from './chats.js';
import { problemSchema } from './errors.js';
import { multiLineText, singleLineText } from './text.js';

/**
 * The original web client's calls (SPEC §7), served at their old paths with their old field
 * names (`_id`, `fullname`, `img`, `UserId`, `isUser`...). These schemas only describe the
 * shapes; every rule (email, password policy, message length, gallery size) is checked by the
 * same schemas and services as /api/v1, after the old fields are mapped to the new ones.
 * Unknown fields are ignored, as everywhere in the API.
 */

/** Legacy problems carry the sentence also as `error`, the field the original client shows. */
export const legacyProblemSchema = problemSchema
  .extend({ error: z.string() })
  .meta({ id: 'LegacyProblem' });
export type LegacyProblem = z.infer<typeof legacyProblemSchema>;

/** Passwords are taken exactly as sent. */
const secretText = singleLineText({ trim: false });

/** A coordinate as the old forms send it: a number, or a number typed into a text box. */
export const legacyCoordinateSchema = z.union([
  z.number(),
  singleLineText()
    .max(40)
    .regex(/^-?\d+(\.\d+)?$/, { error: 'Enter a number.' })
    .transform(Number),
]);

// ---------------------------------------------------------------------------------------------
// Users

/** A user as the original client reads it. `email` is null on a buyer seen by someone else. */
export const legacyUserSchema = z
  .object({
    _id: idSchema,
    email: z.string().nullable(),
    fullname: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleSchema,
    category: sectorSchema.nullable(),
    /** Absolute URL of the profile image, or null (the client shows its default logo). */
    img: z.string().nullable(),
    /**
     * The address text on the caller's own record and a business's; to others, a client's town
     * (from the places gazetteer), never the address they typed.
     */
    location: z.string(),
    description: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** The saved gallery (absolute image URLs), on the caller's own record only. */
    files: z.array(z.string()).optional(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'LegacyUser' });
export type LegacyUser = z.infer<typeof legacyUserSchema>;

export const legacyUserAnswerSchema = z.object({ data: legacyUserSchema });
export type LegacyUserAnswer = z.infer<typeof legacyUserAnswerSchema>;

export const legacyUsersAnswerSchema = z.object({ data: z.array(legacyUserSchema) });
export type LegacyUsersAnswer = z.infer<typeof legacyUsersAnswerSchema>;

/** Sign-in and sign-up: the user, a real session token (send it as `Bearer`), `exists`. */
export const legacySessionAnswerSchema = z
  .object({ data: legacyUserSchema, token: z.string(), exists: z.boolean() })
  .meta({ id: 'LegacySessionAnswer' });
export type LegacySessionAnswer = z.infer<typeof legacySessionAnswerSchema>;

export const legacySignupBodySchema = z
  .object({
    email: singleLineText().max(254),
    password: secretText.max(256),
    /** First word is the first name, the rest the last name; both are required. */
    fullname: singleLineText().max(170),
    role: roleSchema,
    /** The `imgurl` that POST /api/upload answered (signed out), or empty for none. */
    img: singleLineText().max(2000).nullish(),
    location: singleLineText().max(200).nullish(),
    description: multiLineText().max(2000).nullish(),
    longitude: legacyCoordinateSchema.nullish(),
    latitude: legacyCoordinateSchema.nullish(),
    /**
     * Not sent by the original client: a business without it is listed under Other (null) until
     * it picks one.
     */
    category: sectorSchema.nullish(),
  })
  .meta({ id: 'LegacySignupBody' });
export type LegacySignupBody = z.infer<typeof legacySignupBodySchema>;

export const legacyMessageAnswerSchema = z.object({ message: z.string() });

export const legacyUserIdParamsSchema = z.object({ id: idSchema });

/** PUT /api/user/{id}: no body loads the caller's own record; `files` saves the gallery. */
export const legacySaveGalleryBodySchema = z
  .object({ files: z.array(singleLineText().max(2000)).max(100).optional() })
  .meta({ id: 'LegacySaveGalleryBody' });
export type LegacySaveGalleryBody = z.infer<typeof legacySaveGalleryBodySchema>;

export const legacyUserByEmailQuerySchema = z.object({ email: singleLineText().max(254) });

/** PUT /user/accountuserInfo/{id}: one group of changes per call, as the account page sends. */
export const legacyAccountUpdateBodySchema = z
  .object({
    firstName: singleLineText().max(200).optional(),
    lastName: singleLineText().max(200).optional(),
    email: singleLineText().max(254).optional(),
    confirmEmail: singleLineText().max(254).optional(),
    password: secretText.max(256).optional(),
    confirmPassword: secretText.max(256).optional(),
    /** Required to change the email or the password (the original client did not send it). */
    currentPassword: secretText.max(256).optional(),
    latitude: legacyCoordinateSchema.optional(),
    longitude: legacyCoordinateSchema.optional(),
  })
  .meta({ id: 'LegacyAccountUpdateBody' });
export type LegacyAccountUpdateBody = z.infer<typeof legacyAccountUpdateBodySchema>;

export const legacyAccountUpdateAnswerSchema = z.object({
  data: legacyUserSchema,
  message: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Assistant profile card and uploads

export const legacyProfileBodySchema = z
  .object({
    id: idSchema,
    /** Accepted and ignored: the card always shows the stored profile image. */
    image: singleLineText().max(2000).nullish(),
    schema: singleLineText().max(200).nullish(),
    s3Link: singleLineText().max(2000).nullish(),
  })
  .meta({ id: 'LegacyProfileBody' });
export type LegacyProfileBody = z.infer<typeof legacyProfileBodySchema>;

export const legacyProfileCardSchema = z.object({
  name: z.string(),
  id: idSchema,
  profileLink: z.string(),
  profileImage: z.string().nullable(),
});

export const legacyProfileAnswerSchema = z
  .union([
    z.object({ success: z.literal(true), profile: legacyProfileCardSchema }),
    z.object({ success: z.literal(false), message: z.string() }),
  ])
  .meta({ id: 'LegacyProfileAnswer' });
export type LegacyProfileAnswer = z.infer<typeof legacyProfileAnswerSchema>;

export const legacyUploadAnswerSchema = z
  .object({ data: z.array(z.object({ name: z.string(), imgurl: z.string() })) })
  .meta({ id: 'LegacyUploadAnswer' });
export type LegacyUploadAnswer = z.infer<typeof legacyUploadAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Chats and folders

/** A message as the original stores it: `isUser` is true when the buyer wrote it. */
export const legacyMessageSchema = z
  .object({
    _id: idSchema,
    content: z.string(),
    isUser: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'LegacyMessage' });
export type LegacyMessage = z.infer<typeof legacyMessageSchema>;

/** A message as the original sends it; the content follows the rules of every message. */
export const legacyIncomingMessageSchema = z.object({
  content: sendMessageBodySchema.shape.body,
  isUser: z.boolean(),
});

export const LEGACY_CONVERSATION_MAX = 5000;

const incomingConversationSchema = z
  .array(legacyIncomingMessageSchema)
  .max(LEGACY_CONVERSATION_MAX);

export const legacyChatSchema = z
  .object({
    _id: idSchema,
    /** The buyer. */
    UserId: idSchema,
    SellerId: idSchema,
    sellerName: z.string(),
    buyerName: z.string(),
    projectId: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** The whole visible conversation; in the chat list, only the latest message. */
    chat: z.array(legacyMessageSchema),
  })
  .meta({ id: 'LegacyChat' });
export type LegacyChat = z.infer<typeof legacyChatSchema>;

export const legacyChatAnswerSchema = z.object({ data: legacyChatSchema });
export type LegacyChatAnswer = z.infer<typeof legacyChatAnswerSchema>;

export const legacyChatsAnswerSchema = z.object({ data: z.array(legacyChatSchema) });
export type LegacyChatsAnswer = z.infer<typeof legacyChatsAnswerSchema>;

export const legacyProjectIdSchema = singleLineText({ trim: false })
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, { error: 'Use letters, digits, - and _ only.' });

export const legacyCreateChatBodySchema = z
  .object({
    /** The buyer: the caller, when the caller is a buyer. */
    UserId: idSchema.optional(),
    /** The seller: the caller, when the caller is a seller. */
    SellerId: idSchema.optional(),
    projectId: legacyProjectIdSchema.optional(),
    chat: incomingConversationSchema.optional(),
    /** Ignored: names always come from the accounts. */
    sellerName: singleLineText().max(200).optional(),
    buyerName: singleLineText().max(200).optional(),
  })
  .meta({ id: 'LegacyCreateChatBody' });
export type LegacyCreateChatBody = z.infer<typeof legacyCreateChatBodySchema>;

export const legacySaveChatBodySchema = z
  .object({
    chat: incomingConversationSchema.optional(),
    SellerId: idSchema.optional(),
    sellerName: singleLineText().max(200).optional(),
    buyerName: singleLineText().max(200).optional(),
  })
  .meta({ id: 'LegacySaveChatBody' });
export type LegacySaveChatBody = z.infer<typeof legacySaveChatBodySchema>;

export const legacyChatIdParamsSchema = z.object({ chatId: idSchema });
export const legacyIdParamsSchema = z.object({ id: idSchema });

export const legacyDeletedAnswerSchema = z.object({
  data: z.object({ _id: idSchema }),
  message: z.string(),
});

export const LEGACY_FOLDER_MAX_CHATS = 200;

export const legacyProjectParamsSchema = z.object({ projectId: legacyProjectIdSchema });

export const legacyFolderSchema = z
  .object({ _id: legacyProjectIdSchema, chats: z.array(idSchema) })
  .meta({ id: 'LegacyFolder' });
export type LegacyFolder = z.infer<typeof legacyFolderSchema>;

export const legacyFolderBodySchema = z
  .object({
    chats: z.array(idSchema).max(LEGACY_FOLDER_MAX_CHATS, {
      error: `A folder holds at most ${LEGACY_FOLDER_MAX_CHATS} chats.`,
    }),
  })
  .meta({ id: 'LegacyFolderBody' });
export type LegacyFolderBody = z.infer<typeof legacyFolderBodySchema>;

export const legacyFolderAnswerSchema = z.object({ data: legacyFolderSchema });
export type LegacyFolderAnswer = z.infer<typeof legacyFolderAnswerSchema>;
