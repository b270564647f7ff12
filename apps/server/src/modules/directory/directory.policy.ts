import type { ChatPartner, PublicProfile } from '@maya/contracts';
import type { User } from './directory.repository.js';

/**
 * Rounds to two decimals (about 1 km) so a buyer's home cannot be pinpointed by others. The same
 * float operations as `coarseDegrees` in db/schema/users.ts, which the directory's radius and
 * distances over clients measure from: the point searched is the point shown.
 */
export function coarseDegrees(value: number): number {
  return Math.floor(value * 100 + 0.5) / 100;
}

/** The only way a user row leaves the server for someone other than its owner. */
export function toPublicProfile(user: User): PublicProfile {
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
          address: user.address ?? '',
          lat: exact ? user.lat! : coarseDegrees(user.lat!),
          lng: exact ? user.lng! : coarseDegrees(user.lng!),
        }
      : null,
    // A seller's email is the business contact; a buyer's is private.
    email: user.role === 'seller' ? user.email : null,
    createdAt: user.createdAt.toISOString(),
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
