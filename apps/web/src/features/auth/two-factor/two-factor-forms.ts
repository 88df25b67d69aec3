import { z } from 'zod';
import { twoFactorCodeSchema } from '@meridian/domain/auth/contracts';
import { webMessages } from '@meridian/domain/shared/web-messages';

/** The 6-digit code form (digits only, exactly 6). */
export const twoFactorCodeFormSchema = z.object({ token: twoFactorCodeSchema });

/** The recovery-code alternative. */
export const recoveryCodeFormSchema = z.object({
  recovery_code: z.string().trim().min(1, webMessages.recoveryCodeRequired),
});

/** What the code field keeps of a typed value: digits only, at most 6. */
export const sanitizeCode = (value: string) => value.replace(/\D/g, '').slice(0, 6);
