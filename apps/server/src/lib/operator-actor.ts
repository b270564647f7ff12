/**
 * An operator asking, from an operator session (modules/operators). Never a member's `Actor`:
 * the two kinds of session are apart, so no member session reaches an operator route.
 */
export interface OperatorActor {
  operatorId: string;
  role: 'moderator' | 'admin';
  sessionId: string;
  /** When the session last proved a TOTP or recovery code; destructive actions want it fresh. */
  secondFactorAt: Date;
  language: 'en' | 'pt' | 'pt-PT' | 'pt-BR';
}
