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
