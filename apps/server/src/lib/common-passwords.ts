import ownList from './common-passwords.json' with { type: 'json' };

/**
 * Passwords from breached-password lists, refused when chosen (NIST SP 800-63B §5.1.1.2): the
 * 49,000 of `@zxcvbn-ts/language-common`, compiled from real breaches, and the project's own
 * additions (`common-passwords.json`: Portuguese words, clubs, towns and this product's name).
 * The list is read on its first use, not at start-up, and kept.
 */
let loading: Promise<ReadonlySet<string>> | undefined;

export function commonPasswordList(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set([...dictionary['passwords-common'], ...ownList.passwords]),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether the password, in any letter case, is on a breached-password list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswordList()).has(password.toLowerCase());
}
