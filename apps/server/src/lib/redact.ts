// Any query parameter whose name holds "token" (token, access_token, resetToken…).
const TOKEN_PARAMETER = /([?&][^=&#\s]*token[^=&#\s]*=)[^&#\s]*/gi;

/** The text with the value of every `token=` query parameter replaced, for logs. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_PARAMETER, '$1[redacted]');
}

/**
 * An error as a log line may show it: its kind, code, message and stack, with any link's token
 * taken out (a mail library's error can quote the message it failed to send).
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: redactTokens(String(error)) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: redactTokens(error.message),
    ...(code !== undefined && { code }),
    ...(error.stack && { stack: redactTokens(error.stack) }),
  };
}
