import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  legacyAccountUpdateAnswerSchema,
  legacyAccountUpdateBodySchema,
  legacyChatAnswerSchema,
  legacyChatIdParamsSchema,
  legacyChatsAnswerSchema,
  legacyCreateChatBodySchema,
  legacyDeletedAnswerSchema,
  legacyFolderAnswerSchema,
  legacyFolderBodySchema,
  legacyIdParamsSchema,
  legacyMessageAnswerSchema,
  legacyProblemSchema,
  legacyProfileAnswerSchema,
  legacyProfileBodySchema,
  legacyProjectParamsSchema,
  legacySaveChatBodySchema,
  legacySaveGalleryBodySchema,
  legacySessionAnswerSchema,
  legacySignupBodySchema,
  legacyUploadAnswerSchema,
  legacyUserAnswerSchema,
  legacyUserByEmailQuerySchema,
  legacyUserIdParamsSchema,
  legacyUserSchema,
  legacyUsersAnswerSchema,
  loginBodySchema,
  passwordResetRequestBodySchema,
  putGalleryBodySchema,
  signupBodySchema,
  updateProfileBodySchema,
  type LegacyChat,
  type LegacyUser,
  type Role,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { bearerToken, requireActor } from '../../plugins/auth.js';
import { passwordResetRequestHandler } from '../auth/auth.routes.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ChatsService } from '../chats/chats.service.js';
import { readUploadedFiles, registerUploadMultipart } from '../uploads/uploads.multipart.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { UsersService } from '../users/users.service.js';
import { createLegacyConversations } from './legacy.conversations.js';
import { createLegacyFoldersService } from './legacy.folders.service.js';
import type { FoldersRepository } from './folders.repository.js';
import {
  absoluteUrl,
  chatSides,
  splitFullName,
  toLegacyChat,
  toLegacyUser,
  urlPath,
} from './legacy.mapping.js';
import { validateAs } from './legacy.validation.js';

/** The most users GET /api/user/all answers with, per role (the newest ones). */
export const LEGACY_USERS_MAX = 1000;
/** The most chats GET /chats answers with (the most recently active ones). */
export const LEGACY_CHATS_MAX = 1000;
const PAGE = 100;

const problems = {
  400: legacyProblemSchema,
  401: legacyProblemSchema,
  403: legacyProblemSchema,
  404: legacyProblemSchema,
  409: legacyProblemSchema,
  429: legacyProblemSchema,
};

/** Every legacy route is documented under one tag and marked deprecated. */
function legacy(summary: string) {
  return { tags: ['legacy'], deprecated: true, summary, security: [{ bearer: [] }] };
}

function requireSelf(actor: Actor, userId: string): void {
  if (actor.userId !== userId) {
    throw new AppError('FORBIDDEN', 'You can only read or change your own account.');
  }
}

export interface LegacyRoutesOptions {
  auth: AuthService;
  users: UsersService;
  uploads: UploadsService;
  chats: ChatsService;
  folders: FoldersRepository;
  publicUrl: string;
  maxFileBytes: number;
  maxFiles: number;
}

/**
 * The original web client's calls (SPEC §7) at their old paths and field names: a thin adapter
 * over the services behind /api/v1. Nothing here holds a rule of its own; it maps fields, then
 * lets the same schemas and services decide.
 */
export const legacyRoutes: FastifyPluginAsyncZod<LegacyRoutesOptions> = async (app, options) => {
  const { auth, users, uploads, chats, publicUrl } = options;
  const conversations = createLegacyConversations(chats, users);
  const folders = createLegacyFoldersService(options.folders, chats);

  // The auth plugin reads sessions on /api/ only. The old client's other paths (/chats, /user,
  // /mainfolder) take a Bearer token only: no cookie is read there, so no CSRF is possible.
  app.addHook('onRequest', async (request) => {
    if (request.actor || request.url.startsWith('/api/')) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    const actor = await auth.resolveToken(token);
    if (actor) {
      request.actor = actor;
      request.sessionSource = 'bearer';
    }
  });

  // The original client shows a failed call's `error` field; problems carry their detail there.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (
      reply.statusCode >= 400 &&
      payload !== null &&
      typeof payload === 'object' &&
      'detail' in payload &&
      typeof payload.detail === 'string'
    ) {
      return { ...payload, error: payload.detail };
    }
    return payload;
  });

  await registerUploadMultipart(app, options);

  // The same per-address ceilings as the /api/v1 routes these calls stand for (failed sign-ins
  // and reset requests have their own, tighter throttles inside the auth service).
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '15 minutes' } });
  const uploadsPerCaller = app.rateLimit({
    max: 60,
    timeWindow: '15 minutes',
    keyGenerator: (request) => request.actor?.userId ?? request.ip,
  });
  const readsPerIp = app.rateLimit({ max: 120, timeWindow: '1 minute' });

  async function ownRecord(userId: string): Promise<LegacyUser> {
    const [user, gallery] = await Promise.all([
      users.getPrivateUser(userId),
      uploads.getGallery(userId),
    ]);
    return toLegacyUser(user, publicUrl, gallery);
  }

  // ---------------------------------------------------------------------------------------
  // Sign-in, sign-up, password recovery

  app.post(
    '/api/user/login',
    {
      config: perIp(300),
      schema: {
        ...legacy('Sign in (old client): the user, a session token for `Bearer`, and `exists`'),
        security: [],
        body: loginBodySchema,
        response: { 200: legacySessionAnswerSchema, ...problems },
      },
    },
    async (request) => {
      const { user, token } = await auth.login(request.body, request.ip);
      const gallery = await uploads.getGallery(user.id);
      return { data: toLegacyUser(user, publicUrl, gallery), token, exists: true };
    },
  );

  app.post(
    '/api/user',
    {
      config: perIp(50),
      schema: {
        ...legacy('Sign up (old client): `fullname` is split into first and last name'),
        security: [],
        body: legacySignupBodySchema,
        response: { 201: legacySessionAnswerSchema, ...problems },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { firstName, lastName } = splitFullName(body.fullname);
      const hasLat = body.latitude !== undefined && body.latitude !== null;
      const hasLng = body.longitude !== undefined && body.longitude !== null;
      const address = body.location?.trim() ?? '';
      if (hasLat !== hasLng || (address && !hasLat)) {
        throw new AppError('VALIDATION_FAILED', 'Latitude and longitude are both required.', {
          latitude: 'Required with a location',
          longitude: 'Required with a location',
        });
      }
      const signup = validateAs(
        signupBodySchema,
        {
          role: body.role,
          email: body.email,
          password: body.password,
          firstName,
          lastName,
          description: body.description ?? '',
          category: body.category ?? null,
          location: hasLat ? { address, lat: body.latitude, lng: body.longitude } : null,
          imageUploadId: avatarUploadId(body.img),
        },
        {
          firstName: 'fullname',
          lastName: 'fullname',
          'location.lat': 'latitude',
          'location.lng': 'longitude',
          'location.address': 'location',
          imageUploadId: 'img',
        },
      );
      const { user, token } = await auth.signup(signup);
      reply.code(201);
      return { data: toLegacyUser(user, publicUrl, []), token, exists: true };
    },
  );

  /** The upload id an `imgurl` of a signed-out upload carries (see POST /api/upload). */
  function avatarUploadId(img: string | null | undefined): string | undefined {
    if (!img?.trim()) return undefined;
    let id: string | null = null;
    try {
      id = new URL(img, publicUrl).searchParams.get('upload');
    } catch {
      id = null;
    }
    if (!id) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Upload the image with POST /api/upload first and send the imgurl it answers.',
        { img: 'Not an image uploaded here' },
      );
    }
    return id;
  }

  app.put(
    '/api/user/password/forgetpassword',
    {
      schema: {
        ...legacy(
          'Forgot password (old client): mails a single-use reset link, never a password; the same answer whether or not the email is registered',
        ),
        security: [],
        body: passwordResetRequestBodySchema,
        response: { 202: legacyMessageAnswerSchema, ...problems },
      },
    },
    passwordResetRequestHandler(auth),
  );

  // ---------------------------------------------------------------------------------------
  // Users

  app.get(
    '/api/user/all',
    {
      preHandler: [readsPerIp],
      schema: {
        ...legacy(
          `The directory (old client): public profiles only, newest first, at most ${LEGACY_USERS_MAX} per role; businesses for everyone, clients for businesses`,
        ),
        response: { 200: legacyUsersAnswerSchema, ...problems },
      },
    },
    async (request) => {
      const roles: Role[] = request.actor?.role === 'seller' ? ['seller', 'buyer'] : ['seller'];
      const data: LegacyUser[] = [];
      for (const role of roles) {
        let cursor: string | undefined;
        let count = 0;
        do {
          const page = await users.findUsers(request.actor, { role, limit: PAGE, cursor });
          for (const profile of page.items) data.push(toLegacyUser(profile, publicUrl));
          count += page.items.length;
          cursor = page.nextCursor ?? undefined;
        } while (cursor && count < LEGACY_USERS_MAX);
      }
      return { data };
    },
  );

  app.put(
    '/api/user/:id',
    {
      schema: {
        ...legacy(
          'Without a body: my own record with `files` (the gallery). With `files`: save my gallery (URLs from POST /api/upload)',
        ),
        params: legacyUserIdParamsSchema,
        body: legacySaveGalleryBodySchema.nullish(),
        response: { 200: legacyUserAnswerSchema, ...problems },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      requireSelf(actor, request.params.id);
      const files = request.body?.files;
      if (files) {
        const own = await uploads.listOwnUploads(actor.userId);
        const byPath = new Map(own.map((image) => [urlPath(image.url, publicUrl), image.id]));
        const unknown = files.filter((url) => !byPath.has(urlPath(url, publicUrl)));
        if (unknown.length > 0) {
          throw new AppError('NOT_FOUND', 'Some of these images do not exist or are not yours.', {
            files: unknown.join(', '),
          });
        }
        const { imageIds } = validateAs(
          putGalleryBodySchema,
          { imageIds: files.map((url) => byPath.get(urlPath(url, publicUrl))) },
          { imageIds: 'files' },
        );
        await uploads.setGallery(actor, imageIds);
      }
      return { data: await ownRecord(actor.userId) };
    },
  );

  app.post(
    '/api/user/profile',
    {
      preHandler: [readsPerIp],
      schema: {
        ...legacy(
          "The assistant's seller card (old client): name, profile link and image of a seller",
        ),
        body: legacyProfileBodySchema,
        response: { 200: legacyProfileAnswerSchema, ...problems },
      },
    },
    async (request) => {
      const profile = await users.getPublicProfile(request.body.id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      });
      if (!profile || profile.role !== 'seller') {
        return { success: false as const, message: 'Failed to create user profile.' };
      }
      return {
        success: true as const,
        profile: {
          name: profile.fullName,
          id: profile.id,
          profileLink: absoluteUrl(`/sellers/${profile.id}`, publicUrl),
          profileImage: profile.imageUrl ? absoluteUrl(profile.imageUrl, publicUrl) : null,
        },
      };
    },
  );

  app.post(
    '/api/upload',
    {
      preHandler: [uploadsPerCaller],
      schema: {
        ...legacy(
          'Upload images (old client; multipart field `files`, repeated). Signed in: gallery images. Signed out: one sign-up image, whose imgurl is then sent as `img` to POST /api/user',
        ),
        consumes: ['multipart/form-data'],
        response: {
          201: legacyUploadAnswerSchema,
          413: legacyProblemSchema,
          415: legacyProblemSchema,
          ...problems,
        },
      },
    },
    async (request, reply) => {
      const files = await readUploadedFiles(request);
      const kind = request.actor ? 'gallery' : 'avatar';
      const stored = await uploads.storeImages(request.actor, kind, files);
      reply.code(201);
      return {
        data: stored.map((image) => {
          const url = new URL(absoluteUrl(image.url, publicUrl));
          if (kind === 'avatar') url.searchParams.set('upload', image.id);
          return { name: image.name, imgurl: url.toString() };
        }),
      };
    },
  );

  app.get(
    '/user',
    {
      schema: {
        ...legacy(
          'My own record by my email (old client). Any other email, registered or not, is the same 404',
        ),
        querystring: legacyUserByEmailQuerySchema,
        response: { 200: legacyUserSchema, ...problems },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const me = await users.getPrivateUser(actor.userId);
      if (me.email.toLowerCase() !== request.query.email.toLowerCase()) {
        throw new AppError('NOT_FOUND', 'No account you can see has this email.');
      }
      return ownRecord(actor.userId);
    },
  );

  app.put(
    '/user/accountuserInfo/:id',
    {
      schema: {
        ...legacy(
          'Account updates (old client): firstName and lastName, or latitude and longitude, or email, or password; email and password changes need currentPassword',
        ),
        params: legacyIdParamsSchema,
        body: legacyAccountUpdateBodySchema,
        response: { 200: legacyAccountUpdateAnswerSchema, ...problems },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      requireSelf(actor, request.params.id);
      const body = request.body;
      const messages: string[] = [];

      if (body.firstName !== undefined || body.lastName !== undefined) {
        const names = validateAs(updateProfileBodySchema, {
          firstName: body.firstName,
          lastName: body.lastName,
        });
        await users.updateProfile(actor, names);
        messages.push('User Updated');
      }
      if (body.latitude !== undefined || body.longitude !== undefined) {
        if (body.latitude === undefined || body.longitude === undefined) {
          throw new AppError('VALIDATION_FAILED', 'Latitude and longitude are both required.', {
            [body.latitude === undefined ? 'latitude' : 'longitude']: 'Required',
          });
        }
        const current = await users.getPrivateUser(actor.userId);
        const { location } = validateAs(
          updateProfileBodySchema,
          {
            location: {
              address: current.location?.address ?? '',
              lat: body.latitude,
              lng: body.longitude,
            },
          },
          { 'location.lat': 'latitude', 'location.lng': 'longitude' },
        );
        await users.updateProfile(actor, { location });
        messages.push('Location Updated');
      }
      if (body.email !== undefined || body.password !== undefined) {
        if (!body.currentPassword) {
          throw new AppError(
            'VALIDATION_FAILED',
            'Enter your current password to change the email or the password.',
            { currentPassword: 'Required' },
          );
        }
      }
      if (body.email !== undefined) {
        const change = validateAs(
          changeEmailBodySchema,
          {
            email: body.email,
            confirmEmail: body.confirmEmail ?? body.email,
            password: body.currentPassword,
          },
          { password: 'currentPassword' },
        );
        await auth.changeEmail(actor, change);
        messages.push('Email Updated');
      }
      if (body.password !== undefined) {
        const change = validateAs(changePasswordBodySchema, {
          currentPassword: body.currentPassword,
          password: body.password,
          confirmPassword: body.confirmPassword ?? body.password,
        });
        await auth.changePassword(actor, change);
        messages.push('Password Updated');
      }
      if (messages.length === 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          'Nothing to update: send a name, a location, an email or a password.',
        );
      }
      return { data: await ownRecord(actor.userId), message: messages.join(', ') };
    },
  );

  // ---------------------------------------------------------------------------------------
  // Chats

  app.get(
    '/chats',
    {
      schema: {
        ...legacy(
          `My chats (old client), most recently active first, at most ${LEGACY_CHATS_MAX}; \`chat\` holds only the latest message (load a chat with PUT /chats/{chatId})`,
        ),
        response: { 200: legacyChatsAnswerSchema, ...problems },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const me = await users.getPrivateUser(actor.userId);
      const data: LegacyChat[] = [];
      let cursor: string | undefined;
      do {
        const page = await chats.findChats(actor, { limit: PAGE, cursor });
        for (const summary of page.items) {
          const latest = summary.lastMessage ? [summary.lastMessage] : [];
          data.push(toLegacyChat(actor, me.fullName, summary, latest));
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor && data.length < LEGACY_CHATS_MAX);
      return { data };
    },
  );

  app.post(
    '/chats',
    {
      schema: {
        ...legacy(
          'Open the chat between a buyer (UserId) and a seller (SellerId), one of them the caller; the same pair always gets the same chat. Messages in `chat` are saved as by PUT /chats/{chatId}',
        ),
        body: legacyCreateChatBodySchema,
        response: { 200: legacyChatAnswerSchema, 201: legacyChatAnswerSchema, ...problems },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      const self = actor.role === 'buyer' ? body.UserId : body.SellerId;
      if (self !== undefined && self !== actor.userId) {
        throw new AppError(
          'FORBIDDEN',
          `You can only open chats as yourself: ${actor.role === 'buyer' ? 'UserId' : 'SellerId'} must be your id.`,
        );
      }
      const partnerField = actor.role === 'buyer' ? 'SellerId' : 'UserId';
      const partnerId = body[partnerField];
      if (!partnerId) {
        throw new AppError(
          'VALIDATION_FAILED',
          'Chats connect a client with a business: say who the chat is with.',
          { [partnerField]: 'Required' },
        );
      }
      const { chat, created } = await chats.openChat(actor, partnerId);
      if (body.chat) await conversations.save(actor, chat.id, body.chat);
      reply.code(created ? 201 : 200);
      return { data: await conversations.load(actor, chat.id, body.projectId ?? null) };
    },
  );

  app.put(
    '/chats/:chatId',
    {
      schema: {
        ...legacy(
          'Without `chat`: load one of my chats with its messages. With `chat` (the whole conversation, as the old client saves it): my messages not stored yet are sent, in order; retrying the same save sends nothing twice',
        ),
        params: legacyChatIdParamsSchema,
        body: legacySaveChatBodySchema.nullish(),
        response: { 200: legacyChatAnswerSchema, ...problems },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { chatId } = request.params;
      const body = request.body;
      if (body?.chat) {
        if (body.SellerId !== undefined) {
          const summary = await chats.getChat(actor, chatId);
          if (chatSides(actor, summary).sellerId !== body.SellerId) {
            throw new AppError('VALIDATION_FAILED', 'SellerId is not the seller of this chat.', {
              SellerId: 'Does not match the chat',
            });
          }
        }
        await conversations.save(actor, chatId, body.chat);
      }
      return { data: await conversations.load(actor, chatId) };
    },
  );

  app.delete(
    '/chats/:id',
    {
      schema: {
        ...legacy(
          'Delete a chat from my list (old client); the partner keeps it, and a new message brings it back without the old history',
        ),
        params: legacyIdParamsSchema,
        response: { 200: legacyDeletedAnswerSchema, ...problems },
      },
    },
    async (request) => {
      await chats.deleteChat(requireActor(request), request.params.id);
      return { data: { _id: request.params.id }, message: 'Chat deleted successfully.' };
    },
  );

  // ---------------------------------------------------------------------------------------
  // Folders

  app.get(
    '/mainfolder/:projectId',
    {
      schema: {
        ...legacy('One of my chat folders (old client): its chat ids, in order'),
        params: legacyProjectParamsSchema,
        response: { 200: legacyFolderAnswerSchema, ...problems },
      },
    },
    async (request) => ({
      data: await folders.get(requireActor(request), request.params.projectId),
    }),
  );

  app.put(
    '/mainfolder/:projectId',
    {
      schema: {
        ...legacy(
          'Create or replace one of my chat folders (old client); every chat must be one of mine',
        ),
        params: legacyProjectParamsSchema,
        body: legacyFolderBodySchema,
        response: { 200: legacyFolderAnswerSchema, ...problems },
      },
    },
    async (request) => ({
      data: await folders.save(requireActor(request), request.params.projectId, request.body.chats),
    }),
  );
};
