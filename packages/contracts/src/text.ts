import { z } from 'zod';

/**
 * Text a client sends. PostgreSQL cannot store U+0000, and no person types the other control
 * characters (C0, DEL, C1) or half of a surrogate pair (UTF-8 has no encoding for it, so the
 * database driver would silently store U+FFFD instead). Every string a client sends goes through
 * one of these two helpers, so such text is a 400 with the field named, never a failed query.
 */

/**
 * Cc is exactly the C0 controls, DEL and the C1 controls; Cs, with the u flag, matches only a
 * surrogate that is not half of a pair.
 */
const singleLineForbidden = /\p{Cc}|\p{Cs}/u;
/** The same, but tab, line feed and carriage return belong to text written on several lines. */
const multiLineForbidden = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

function codePoint(character: string): string {
  return `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The sentence a person sees, naming the first character that is refused. */
export function forbiddenCharacterMessage(character: string): string {
  const code = character.charCodeAt(0);
  return code >= 0xd800 && code <= 0xdfff
    ? `Remove the broken character ${codePoint(character)} (half of a surrogate pair).`
    : `Remove the invisible control character ${codePoint(character)}.`;
}

function refusing(forbidden: RegExp, trim: boolean) {
  const base = trim ? z.string().trim() : z.string();
  // Checked after trimming, so a pasted trailing newline in a name is simply dropped.
  return base.check((context) => {
    const found = forbidden.exec(context.value);
    if (found) {
      context.issues.push({
        code: 'custom',
        message: forbiddenCharacterMessage(found[0]),
        input: context.value,
      });
    }
  });
}

export interface TextOptions {
  /** Trim surrounding white space first (the default). Passwords and tokens are taken as sent. */
  trim?: boolean;
}

/**
 * One line of text: names, addresses, emails, search words, passwords, tokens, cursors. Refuses
 * every control character, tab and line breaks included. Chain `.min()`/`.max()` after it.
 */
export function singleLineText({ trim = true }: TextOptions = {}) {
  return refusing(singleLineForbidden, trim);
}

/** Text written on several lines (a description, a message): tab and line breaks are kept. */
export function multiLineText({ trim = true }: TextOptions = {}) {
  return refusing(multiLineForbidden, trim);
}
