import { css } from '../../../../styled-system/css';
import { Alert } from '../../../ui/alert.tsx';
import { Card, CardBody } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import type { CurrentUser } from '../queries.ts';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

export type AuthTab = 'login' | 'register';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: 'lg',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '14' },
  width: 'full',
});
const titleClass = css({ fontFamily: 'display', fontSize: { base: '4xl', md: '5xl' }, fontWeight: 'black', lineHeight: 'tight', textTransform: 'uppercase' });
const leadClass = css({ color: 'fg.muted', textStyle: 'lg' });

/** The /auth screen: Login and Register tabs (000 s2). */
export function AuthScreen({
  tab,
  onTabChange,
  returnTo,
  user,
}: {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  returnTo?: string | undefined;
  user: CurrentUser | null;
}) {
  return (
    <div className={pageClass}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={titleClass}>Join the League</h1>
        <p className={leadClass}>Sign in or create your account to compete for cash.</p>
      </header>
      {user ? (
        <Alert tone="verified" title={`You're signed in as ${user.firstName} ${user.lastName}.`}>
          <LinkButton href="/dashboard" variant="link" size="sm">
            Continue to your dashboard
          </LinkButton>
        </Alert>
      ) : null}
      <Card>
        <CardBody>
          <TabsRoot
            value={tab}
            onValueChange={(details) => onTabChange(details.value === 'register' ? 'register' : 'login')}
            lazyMount
            unmountOnExit
          >
            <TabsList>
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm returnTo={returnTo} />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm />
            </TabsContent>
          </TabsRoot>
        </CardBody>
      </Card>
    </div>
  );
}
