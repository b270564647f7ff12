import { describe, expect, it } from 'vitest';
import { returnPath, signInPath, withNext } from './return-path';

describe('the path to return to after signing in', () => {
  it.each([
    ['/inbox', '/inbox'],
    ['/inbox/0190?from=mail#end', '/inbox/0190?from=mail#end'],
    ['/sellers/../inbox', '/inbox'],
  ])('keeps a path of this site: %s', (next, expected) => {
    expect(returnPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'inbox',
    '//evil.example/inbox',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /inbox',
    '/.//evil.example',
    '/\t/evil.example',
  ])('turns anything that could leave the site into the home page: %s', (next) => {
    expect(returnPath(next)).toBe('/');
  });

  it('carries a page to return to into another link, and drops one that would leave the site', () => {
    expect(withNext('/sellerauth', '/inbox/1')).toBe('/sellerauth?next=%2Finbox%2F1');
    expect(withNext('/buyerauth?mode=link', '/inbox/1')).toBe(
      '/buyerauth?mode=link&next=%2Finbox%2F1',
    );
    expect(withNext('/sellerauth', '//evil.example')).toBe('/sellerauth');
    expect(withNext('/sellerauth', null)).toBe('/sellerauth');
  });

  it('builds the neutral sign-in address with the way back encoded', () => {
    expect(signInPath('/inbox/1?a=b&c=d')).toBe('/signin?next=%2Finbox%2F1%3Fa%3Db%26c%3Dd');
  });
});
