import type {
  ChatSummary,
  LegacyChat,
  LegacyMessage,
  LegacyUser,
  Message,
  PrivateUser,
  PublicProfile,
  UploadedImage,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';

/**
 * Pure translations between the API's shapes and the original client's. Nothing here decides
 * who may see what: the public or private view arrives already chosen by the directory or the
 * account service.
 */

/** Stored files have site-relative URLs; the original client expects absolute ones. */
export function absoluteUrl(url: string, publicUrl: string): string {
  return new URL(url, publicUrl).toString();
}

/** The path of a URL the client sends back, absolute or relative; undefined if unparsable. */
export function urlPath(url: string, publicUrl: string): string | undefined {
  try {
    return new URL(url, publicUrl).pathname;
  } catch {
    return undefined;
  }
}

/** The upload id an `imgurl` of a signed-out upload carries (`?upload=`), or null. */
export function avatarUploadIdOf(imgurl: string, publicUrl: string): string | null {
  try {
    return new URL(imgurl, publicUrl).searchParams.get('upload');
  } catch {
    return null;
  }
}

/**
 * An uploaded image as POST /api/upload answers it: an absolute `imgurl`, which for a sign-up
 * image also names its upload, so the sign-up can claim it.
 */
export function toLegacyUpload(
  image: UploadedImage,
  kind: 'avatar' | 'gallery',
  publicUrl: string,
): { name: string; imgurl: string } {
  const url = new URL(absoluteUrl(image.url, publicUrl));
  if (kind === 'avatar') url.searchParams.set('upload', image.id);
  return { name: image.name, imgurl: url.toString() };
}

/** `fullname` → first word and the rest; both parts may be empty (the sign-up schema decides). */
export function splitFullName(fullname: string): { firstName: string; lastName: string } {
  const words = fullname.trim().split(/\s+/u).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/**
 * The directory's public or the account's private view as a legacy user. Only the fields of that
 * view are used, so a public profile can never turn into more than the directory shows.
 */
export function toLegacyUser(
  user: PublicProfile | PrivateUser,
  publicUrl: string,
  gallery?: UploadedImage[],
): LegacyUser {
  const location = user.location;
  return {
    _id: user.id,
    email: user.email,
    fullname: user.fullName,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    category: user.category,
    img: user.imageUrl ? absoluteUrl(user.imageUrl, publicUrl) : null,
    location: location?.address ?? '',
    description: user.description,
    lat: location?.lat ?? null,
    lng: location?.lng ?? null,
    latitude: location?.lat ?? null,
    longitude: location?.lng ?? null,
    ...(gallery ? { files: gallery.map((image) => absoluteUrl(image.url, publicUrl)) } : {}),
    createdAt: user.createdAt,
  };
}

/** Who is the buyer and who the seller of a chat, seen from one of its members. */
export function chatSides(actor: Actor, summary: ChatSummary) {
  return actor.role === 'buyer'
    ? { buyerId: actor.userId, sellerId: summary.partner.id }
    : { buyerId: summary.partner.id, sellerId: actor.userId };
}

/** A message's text as the original client shows it: its words, or a deal's move as a line. */
export type ContentOf = (message: Message) => string;

/**
 * `isUser` is true for what the buyer wrote, as in the original. A deal's move has no words of
 * its own: `contentOf` writes it as one line in the reader's language.
 */
export function toLegacyMessage(
  message: Message,
  buyerId: string,
  contentOf: ContentOf = (each) => each.body,
): LegacyMessage {
  return {
    _id: message.id,
    content: contentOf(message),
    isUser: message.senderId === buyerId,
    createdAt: message.createdAt,
  };
}

/** The chat's two names as a deal's line says them: null for an account deleted since. */
export function chatNames(actor: Actor, ownName: string, summary: ChatSummary) {
  const partnerName = summary.partner.deleted ? null : summary.partner.fullName;
  return actor.role === 'buyer'
    ? { buyer: ownName, business: partnerName }
    : { buyer: partnerName, business: ownName };
}

export function toLegacyChat(
  actor: Actor,
  ownName: string,
  summary: ChatSummary,
  messages: Message[],
  projectId: string | null = null,
  contentOf?: ContentOf,
): LegacyChat {
  const { buyerId, sellerId } = chatSides(actor, summary);
  const partnerName = summary.partner.fullName;
  return {
    _id: summary.id,
    UserId: buyerId,
    SellerId: sellerId,
    sellerName: actor.role === 'seller' ? ownName : partnerName,
    buyerName: actor.role === 'buyer' ? ownName : partnerName,
    projectId,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    chat: messages.map((message) => toLegacyMessage(message, buyerId, contentOf)),
  };
}
