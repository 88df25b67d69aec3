import type { Role } from '@meridian/domain/auth/roles';

export type DemoAccount = {
  role: Role;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  passwordMustChange: boolean;
};

export const demoFirmName = 'Summit Ridge Wealth Partners';

const account = (
  role: Role,
  email: string,
  password: string,
  name: [string, string],
  phone: string | null = null,
  passwordMustChange = false,
): DemoAccount => ({ role, email, password, firstName: name[0], lastName: name[1], phone, passwordMustChange });

/** The demo firm's default accounts: printed on first start, listed by GET /auth/test-accounts, documented in the README. */
export const demoAccounts: DemoAccount[] = [
  account('admin', 'admin@summitridge.example', 'Admin#2026', ['Morgan', 'Hale'], '+1 (303) 555-0100'),
  account('advisor', 'alex.chen@summitridge.example', 'Advisor#2026', ['Alex', 'Chen'], '+1 (303) 555-0111'),
  account('advisor', 'priya.patel@summitridge.example', 'Advisor#2026', ['Priya', 'Patel'], '+1 (303) 555-0112'),
  account('client', 'client@summitridge.example', 'Client#2026', ['Jordan', 'Reyes'], '+1 (720) 555-0140'),
  account('client', 'sam.okafor@summitridge.example', 'Client#2026', ['Sam', 'Okafor'], '+1 (720) 555-0141'),
  account('client', 'lena.novak@summitridge.example', 'Client#2026', ['Lena', 'Novak'], '+1 (720) 555-0142'),
  account('client', 'newclient@summitridge.example', 'Welcome#2026', ['Taylor', 'Brooks'], null, true),
];

/** Outside production the demo admin also operates the platform (imports market prices), unless OPERATOR_EMAILS says otherwise. */
export const demoOperatorEmail = demoAccounts.find((a) => a.role === 'admin')!.email;
