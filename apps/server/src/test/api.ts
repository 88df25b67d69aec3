import type { FastifyInstance, InjectOptions } from 'fastify';
import { TOTP, Secret } from 'otpauth';
import type { LoginResponse, SignInResponse } from '@meridian/domain/auth/contracts';
import type { Role } from '@meridian/domain/auth/roles';
import { registrationMailSubjects } from '../modules/auth/registration.service.ts';
import { linkToken, mailSinkAt } from './mail-sink.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON request through inject(); `token` becomes a bearer Authorization header. */
export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const request: InjectOptions = {
    method,
    url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
  if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
  const response = await app.inject(request);
  const isJson = (response.headers['content-type'] ?? '').toString().includes('application/json');
  return { status: response.statusCode, headers: response.headers, body: isJson ? response.json() : response.body, raw: response };
}

export const api = (path: string) => `/api/v1${path}`;

/** The field issues of a 422 answer as [where, message] pairs: `['body.quantity', 'Quantity is required']`. */
export const fieldIssues = (body: { detail: Array<{ loc: unknown[]; msg: string }> }) =>
  body.detail.map((issue) => [issue.loc.join('.'), issue.msg]);

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<LoginResponse> {
  const response = await call(app, 'POST', api('/auth/login'), { body: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as LoginResponse;
}

let registered = 0;

/**
 * Registers a fresh user (its own firm) as a person does: the form, then the link e-mailed to the
 * sink the app delivers to; returns the sign-in response of that link plus the password.
 */
export async function registerUser(app: FastifyInstance, role: Exclude<Role, 'admin'> = 'client') {
  registered += 1;
  const email = `user${registered}.${Date.now().toString(36)}@example.com`;
  const password = 'Secret#2026x';
  const response = await call(app, 'POST', api('/auth/register'), {
    body: { email, password, first_name: 'Test', last_name: `User${registered}`, role },
  });
  if (response.status !== 202) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  const mail = await mailSinkAt(app.config.smtpUrl).waitFor(email, { subject: registrationMailSubjects.confirm });
  const confirmed = await call(app, 'POST', api('/auth/confirm-registration'), { body: { token: linkToken(mail, '/register/confirm') } });
  if (confirmed.status !== 201) throw new Error(`confirm registration failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { ...(confirmed.body as SignInResponse), email, password };
}

/** The code an authenticator app would show for this secret at this time. */
export function totpCode(base32Secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(base32Secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
}

export const demo = {
  admin: { email: 'admin@summitridge.example', password: 'Admin#2026' },
  alex: { email: 'alex.chen@summitridge.example', password: 'Advisor#2026' },
  priya: { email: 'priya.patel@summitridge.example', password: 'Advisor#2026' },
  client: { email: 'client@summitridge.example', password: 'Client#2026' },
  sam: { email: 'sam.okafor@summitridge.example', password: 'Client#2026' },
  newClient: { email: 'newclient@summitridge.example', password: 'Welcome#2026' },
} as const;
