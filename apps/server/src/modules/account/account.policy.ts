import type { PrivateUser } from '@maya/contracts';
import { toPublicProfile } from '../directory/directory.policy.js';
import type { User } from './account.repository.js';

/** The owner's own view: exact location and email, the plan, and a business's declaration. */
export function toPrivateUser(user: User): PrivateUser {
  // Read as a business's for its exact location; the trader declaration is a business's only.
  const { trader, ...shown } = toPublicProfile({ ...user, role: 'seller' });
  return {
    ...shown,
    ...(user.role === 'seller' && { trader }),
    role: user.role,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    plan: user.plan,
  };
}
