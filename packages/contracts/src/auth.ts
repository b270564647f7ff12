import { z } from 'zod';
import { locationSchema, roleSchema, sectorSchema } from './common.js';
import { privateUserSchema } from './users.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: 'Enter a valid email address.' }));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

const nameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Required.' })
  .max(80, { error: 'Use at most 80 characters.' });

export const signupBodySchema = z
  .object({
    role: roleSchema,
    email: emailSchema,
    password: passwordSchema,
    firstName: nameSchema,
    lastName: nameSchema,
    description: z.string().trim().max(2000).default(''),
    category: sectorSchema.nullish(),
    location: locationSchema.nullish(),
    imageUploadId: z.uuid().nullish(),
  })
  .meta({ id: 'SignupBody' });
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z
  .object({ email: emailSchema, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })
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
  .object({ token: z.string().min(20).max(200), password: passwordSchema })
  .meta({ id: 'PasswordResetConfirmBody' });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

export const acceptedSchema = z.object({ message: z.string() });

export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    password: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    error: 'The passwords do not match.',
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changeEmailBodySchema = z
  .object({
    email: emailSchema,
    confirmEmail: z.string().trim().max(254),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.email.toLowerCase() === body.confirmEmail.toLowerCase(), {
    path: ['confirmEmail'],
    error: 'The email addresses do not match.',
  })
  .meta({ id: 'ChangeEmailBody' });
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const deleteAccountBodySchema = z
  .object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })
  .meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** The browser's question "who am I?": always 200, with null when signed out. */
export const currentSessionSchema = z
  .object({ user: privateUserSchema.nullable() })
  .meta({ id: 'CurrentSession' });
export type CurrentSession = z.infer<typeof currentSessionSchema>;
