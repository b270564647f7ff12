import type { Role } from '@maya/contracts';

/** Who is asking: every service method that touches an object takes one. */
export interface Actor {
  userId: string;
  role: Role;
  sessionId: string;
}
