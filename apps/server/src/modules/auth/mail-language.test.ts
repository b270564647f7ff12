import { describe, expect, it } from 'vitest';
import { signupAcceptedSchema } from '@maya/contracts';
import type { Mail } from '../../lib/mailer.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { mailsOf } from '../../../test/mail-log.js';
import { nextAddress, sameOrigin, signUp } from '../../../test/sessions.js';

const { app } = await buildTestApp();
const mails = mailsOf(app);

let people = 0;
function signupBody(overrides: Record<string, unknown> = {}) {
  people += 1;
  return {
    role: 'seller',
    email: `lang-${people}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    password: 'correct horse battery staple',
    firstName: 'Inês',
    lastName: 'Pereira',
    description: 'Hand-made ceramics studio',
    category: 'beauty',
    location: { address: 'Rua das Flores 10, Porto', lat: 41.1456, lng: -8.6107 },
    ...overrides,
  };
}

async function signUpIn(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    headers: { ...sameOrigin, ...headers },
    payload: body,
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode).toBe(202);
  signupAcceptedSchema.parse(response.json());
  return mails.waitFor((mail) => to(body.email as string)(mail) && mail.kind === 'signup');
}

const to = (email: string) => (mail: Mail) => mail.to.toLowerCase() === email.toLowerCase();

describe("a sign-up's mail", () => {
  it('is in the Portuguese of Portugal when the sign-up asks in pt-PT', async () => {
    const body = signupBody({ language: 'pt-PT' });
    const mail = await signUpIn(body);
    expect(mail.subject).toBe('Confirme o seu email para começar no Maya Market');
    expect(mail.text).toContain('Olá Inês,');
    expect(mail.text).toContain('nas próximas 48 horas');
  });

  it("is in the visitor's language when the sign-up names none: the web's cookie, else the browser's", async () => {
    const portugal = await signUpIn(signupBody(), { 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.8' });
    expect(portugal.subject).toBe('Confirme o seu email para começar no Maya Market');
    const web = await signUpIn(signupBody(), {
      'accept-language': 'pt-PT,pt;q=0.9',
      cookie: 'maya_lang=pt',
    });
    expect(web.subject).toBe('Confirme seu e-mail para começar no Maya Market');
    const english = await signUpIn(signupBody(), { 'accept-language': 'de-DE,fr;q=0.9' });
    expect(english.subject).toBe('Confirm your email to start on Maya Market');
  });
});

describe("an account's link mails", () => {
  async function accountIn(language: string) {
    const owner = await signUp(app, { language });
    return owner;
  }

  async function askReset(email: string, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: { ...sameOrigin, ...headers },
      payload: { email },
      remoteAddress: nextAddress(),
    });
  }

  it("are in the account's language and variant, whoever asks", async () => {
    const brazil = await accountIn('pt-BR');
    const portugal = await accountIn('pt-PT');
    expect((await askReset(brazil.email)).statusCode).toBe(202);
    expect((await askReset(portugal.email, { 'accept-language': 'en' })).statusCode).toBe(202);
    const toBrazil = await mails.waitFor(
      (mail) => to(brazil.email)(mail) && mail.kind === 'password-reset',
    );
    const toPortugal = await mails.waitFor(
      (mail) => to(portugal.email)(mail) && mail.kind === 'password-reset',
    );
    expect(toBrazil.subject).toBe('Redefina sua senha do Maya Market');
    expect(toBrazil.text).toContain('em até 30 minutos');
    expect(toPortugal.subject).toBe('Redefina a palavra-passe do Maya Market');
    expect(toPortugal.text).toContain('nos próximos 30 minutos');
  });

  it("answer the request in the asker's language on /api/v1, and in English to the old client", async () => {
    const asked = await askReset('nobody@example.test', { 'accept-language': 'pt-BR' });
    expect(asked.json()).toEqual({
      message: 'Se existir uma conta com esse e-mail, enviamos um link para redefinir a senha.',
    });
    const legacy = await app.inject({
      method: 'PUT',
      url: '/api/user/password/forgetpassword',
      headers: { 'accept-language': 'pt-BR' },
      payload: { email: 'nobody@example.test' },
      remoteAddress: nextAddress(),
    });
    expect(legacy.json()).toMatchObject({
      message: 'If an account exists for that email, we have sent a link to reset the password.',
    });
  });
});

describe('problem details', () => {
  const login = (url: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...sameOrigin, ...headers },
      payload: { email: 'nobody@example.test', password: 'not the password at all' },
      remoteAddress: nextAddress(),
    });

  it("are written in the asker's locale on /api/v1, the same code and shape", async () => {
    const english = await login('/api/v1/auth/login', {});
    const portugal = await login('/api/v1/auth/login', { 'accept-language': 'pt-PT' });
    expect(english.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      detail: 'Wrong Credentials',
    });
    expect(portugal.statusCode).toBe(english.statusCode);
    expect(portugal.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      title: 'Invalid credentials',
      detail: 'Credenciais erradas',
    });

    const invalid = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...sameOrigin, cookie: 'maya_lang=pt' },
      payload: { email: 'not an email' },
      remoteAddress: nextAddress(),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'Há campos faltando ou inválidos.',
    });
  });

  it('keep the legacy API in English, its `error` beside `detail`', async () => {
    const legacy = await login('/api/user/login', { 'accept-language': 'pt-PT' });
    expect(legacy.statusCode).toBe(401);
    expect(legacy.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      detail: 'Wrong Credentials',
      error: 'Wrong Credentials',
    });
  });
});
