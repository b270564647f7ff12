import { z } from 'zod';
import {
  businessNameSchema,
  currentPasswordSchema,
  emailSchema,
  passwordSchema,
  privateUserSchema,
} from './account.js';
import { locationInputSchema, roleSchema, sectorSchema } from './common.js';
import { mailLanguageSchema } from './notifications.js';
import { multiLineText, singleLineText } from './text.js';

/** Sign-up, sign-in, the session, password reset and sign-in links. */

const nameSchema = singleLineText()
  .min(1, { error: 'Required.' })
  .max(80, { error: 'Use at most 80 characters.' });

/**
 * A page of this site to come back to after signing in (`/inbox/…`): a path from the site's root,
 * never a way to another origin (`//host`, `/\host`, a scheme) and without control characters,
 * which browsers drop and could so turn into one.
 */
export const returnPathSchema = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\\]*$/, 'Must be a path of this site, such as /inbox.')
  .refine(
    (path) => [...path].every((char) => char >= ' ' && char !== '\u007f'),
    'Must not hold control characters.',
  );

export const signupBodySchema = z
  .object({
    role: roleSchema,
    email: emailSchema,
    password: passwordSchema,
    /** A client's first and last name; a business gives `businessName` instead. */
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
    /**
     * A business's name, shown wherever the business is. Required of a business, unless it gives
     * a first and last name as before (they are then its name, joined).
     */
    businessName: businessNameSchema.optional(),
    description: multiLineText().max(2000).default(''),
    category: sectorSchema.nullish(),
    location: locationInputSchema.nullish(),
    imageUploadId: z.uuid().nullish(),
    /** Where the mailed link brings the new account once it is confirmed and signed in. */
    next: returnPathSchema.optional(),
    /** The language of the mail the sign-up sends (the web's language); English unless told. */
    language: mailLanguageSchema.optional(),
  })
  .superRefine((body, context) => {
    const required = (field: 'firstName' | 'lastName' | 'businessName') =>
      context.addIssue({ code: 'custom', path: [field], message: 'Required.' });
    // A business that gives neither kind of name is asked for its business name; one that
    // gives a first or last name is held to both, as before.
    const noNames = body.firstName === undefined && body.lastName === undefined;
    if (body.role === 'seller' && (body.businessName || noNames)) {
      if (!body.businessName) required('businessName');
      return;
    }
    if (!body.firstName) required('firstName');
    if (!body.lastName) required('lastName');
  })
  .meta({ id: 'SignupBody' });
export type SignupBody = z.infer<typeof signupBodySchema>;

/**
 * A sign-up's answer, the same whether or not the address already has an account: the account
 * starts from the link mailed to it, and an owner is told of the attempt instead.
 */
export const signupAcceptedSchema = z
  .object({ email: z.string(), status: z.literal('check-your-email') })
  .meta({ id: 'SignupAccepted' });
export type SignupAccepted = z.infer<typeof signupAcceptedSchema>;

/** Mails a sign-up's link again (or, for an address with an account, the notice again). */
export const signupResendBodySchema = z
  .object({
    email: emailSchema,
    next: returnPathSchema.optional(),
    language: mailLanguageSchema.optional(),
  })
  .meta({ id: 'SignupResendBody' });
export type SignupResendBody = z.infer<typeof signupResendBodySchema>;

export const loginBodySchema = z
  .object({ email: emailSchema, password: currentPasswordSchema })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionResponseSchema = z
  .object({ user: privateUserSchema, token: z.string() })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const passwordResetRequestBodySchema = z
  .object({ email: emailSchema })
  .meta({ id: 'PasswordResetRequestBody' });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

export const passwordResetConfirmBodySchema = z
  .object({ token: singleLineText({ trim: false }).min(20).max(200), password: passwordSchema })
  .meta({ id: 'PasswordResetConfirmBody' });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

export const acceptedSchema = z.object({ message: z.string() });

/** The browser's question "who am I?": always 200, with null when signed out. */
export const currentSessionSchema = z
  .object({
    user: privateUserSchema.nullable(),
    cacheKey: z
      .string()
      .optional()
      .describe(
        "Signed in only: the key (256 bits, base64url) that the web app encrypts what it saves in this browser with. It is this session's alone and ends with it, so a saved copy is unreadable once the session has ended.",
      ),
  })
  .meta({ id: 'CurrentSession' });
export type CurrentSession = z.infer<typeof currentSessionSchema>;

/** Asks for a single-use sign-in link by mail (the way in that failed passwords cannot pause). */
export const signInLinkRequestBodySchema = z
  .object({
    email: emailSchema,
    /** Where the link brings the person after signing in; carried in the mailed link. */
    next: returnPathSchema.optional(),
  })
  .meta({ id: 'SignInLinkRequestBody' });
export type SignInLinkRequestBody = z.infer<typeof signInLinkRequestBodySchema>;

export const signInLinkConfirmBodySchema = z
  .object({ token: z.string().min(20).max(200) })
  .meta({ id: 'SignInLinkConfirmBody' });
export type SignInLinkConfirmBody = z.infer<typeof signInLinkConfirmBodySchema>;

/** Confirms an email address with the single-use link mailed to it (sign-up, resend or change). */
export const emailConfirmationConfirmBodySchema = z
  .object({ token: singleLineText({ trim: false }).min(20).max(200) })
  .meta({ id: 'EmailConfirmationConfirmBody' });
export type EmailConfirmationConfirmBody = z.infer<typeof emailConfirmationConfirmBodySchema>;

/**
 * The address a link confirmed: now the account's email, confirmed. A sign-up's link also signs
 * the person in: `session` is then the session it started (the cookie is set too).
 */
export const emailConfirmedSchema = z
  .object({ email: z.email(), session: sessionResponseSchema.optional() })
  .meta({ id: 'EmailConfirmed' });
export type EmailConfirmed = z.infer<typeof emailConfirmedSchema>;
