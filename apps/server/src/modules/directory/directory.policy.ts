import type { ChatPartner, PublicProfile } from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import type { User } from './directory.repository.js';

/**
 * Rounds to two decimals (about 1 km) so a buyer's home cannot be pinpointed by others. The same
 * float operations as `coarseDegrees` in db/schema/users.ts, which the directory's radius and
 * distances over clients measure from: the point searched is the point shown.
 */
export function coarseDegrees(value: number): number {
  return Math.floor(value * 100 + 0.5) / 100;
}

/**
 * Whether `viewer` may see `user`'s profile. A business is public. A client is shown to
 * businesses only (the directory lists clients to them alone), and to the client themself; a
 * chat always pairs a client with a business and roles never change, so everyone who shares a
 * chat with a client is a business. To anyone else a client is an unknown id.
 */
export function mayViewProfile(viewer: Actor | null, user: Pick<User, 'id' | 'role'>): boolean {
  return user.role === 'seller' || viewer?.role === 'seller' || viewer?.userId === user.id;
}

/**
 * The only way a user row leaves the server for someone other than its owner. A business shows
 * the address it typed and its exact point; a client shows only `town` (the gazetteer's town of
 * their rounded point, `DirectoryService`) and the point rounded to 0.01°, never the street,
 * number or postcode they typed.
 */
export function toPublicProfile(user: User, town = ''): PublicProfile {
  const hasLocation = user.lat !== null && user.lng !== null;
  const exact = user.role === 'seller';
  return {
    id: user.id,
    role: user.role,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    imageUrl: user.imageUrl,
    thumbnailUrl: user.thumbnailUrl,
    description: user.description,
    category: user.category,
    location: hasLocation
      ? {
          address: exact ? (user.address ?? '') : town,
          lat: exact ? user.lat! : coarseDegrees(user.lat!),
          lng: exact ? user.lng! : coarseDegrees(user.lng!),
        }
      : null,
    // A seller's email is the business contact; a buyer's is private.
    email: user.role === 'seller' ? user.email : null,
    createdAt: user.createdAt.toISOString(),
    ...(user.role === 'seller' && user.plan === 'pro' ? { pro: true } : {}),
    ...(user.role === 'seller' ? { trader: user.trader } : {}),
  };
}

export function toChatPartner(user: User): ChatPartner {
  const deleted = user.deletedAt !== null;
  return {
    id: user.id,
    role: user.role,
    fullName: deleted ? 'Deleted user' : `${user.firstName} ${user.lastName}`.trim(),
    thumbnailUrl: deleted ? null : user.thumbnailUrl,
    deleted,
  };
}
