import { PageHeader } from '../../../components/ui/page-header';
import { BackupSection } from './backup-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

export default function SecurityScreen() {
  return (
    <div className="adm-page">
      <PageHeader title="Security" description="Password, two-factor sign-in, sessions and backups" />
      <PasswordSection />
      <TwoFactorSection />
      <SessionsSection />
      <BackupSection />
    </div>
  );
}
