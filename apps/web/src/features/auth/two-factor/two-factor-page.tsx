import { useSearchParams } from 'react-router';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';
import { TwoFactorVerify } from './two-factor-verify.tsx';

/** /two-factor?mode=setup|verify (default verify). */
export function TwoFactorPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode') === 'setup' ? 'setup' : 'verify';
  return mode === 'setup' ? (
    <PublicLayout heading="Set Up Two-Factor Authentication" maxWidth={560}>
      <TwoFactorSetup />
    </PublicLayout>
  ) : (
    <PublicLayout heading="Two-Factor Authentication">
      <TwoFactorVerify />
    </PublicLayout>
  );
}
