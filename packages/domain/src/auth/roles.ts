export const roles = ['admin', 'advisor', 'client'] as const;
export type Role = (typeof roles)[number];

/** Roles a visitor may choose when registering; nobody registers as admin. */
export const selfRegisterRoles = ['client', 'advisor'] as const;
