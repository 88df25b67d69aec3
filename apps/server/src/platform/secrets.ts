import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** Random URL-safe token for refresh and reset links (256 bits). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as SHA-256: they are high-entropy, so a fast hash is enough. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Encrypts small secrets at rest (TOTP seeds) with AES-256-GCM. The key is derived from JWT_SECRET
 * with HKDF so one configured secret is enough, yet a leaked database alone does not reveal seeds.
 */
export function createSecretBox(masterSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', masterSecret, 'meridian', 'totp-secret-encryption', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
