import type { PrivateUser } from '@maya/contracts';

/** A signed-in person: the answer, the session token and the device cookie's new value. */
export interface SignedIn {
  user: PrivateUser;
  token: string;
  deviceCookie: string;
}

/** Where a sign-in comes from: the client's address and the device cookie it sent. */
export interface SignInOrigin {
  ip: string;
  deviceCookie?: string;
}
