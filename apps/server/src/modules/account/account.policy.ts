import type { PrivateUser } from '@maya/contracts';
import { toPublicProfile } from '../directory/directory.policy.js';
import type { User } from './account.repository.js';

/** The owner's own view: exact location and email, and the plan. */
export function toPrivateUser(user: User): PrivateUser {
  return {
    ...toPublicProfile({ ...user, role: 'seller' }),
    role: user.role,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    plan: user.plan,
  };
}
