import { useEffect } from 'react';
import { css } from '../../../../styled-system/css';

const pageClass = css({ maxWidth: '3xl', mx: 'auto', px: '4', py: { base: '8', md: '12' }, width: 'full' });

/** /teams is for signed-in members (001 s2): a guest goes to the login endpoint, which brings them back here. */
export function TeamsLoginRedirect() {
  useEffect(() => {
    window.location.assign('/api/login?returnTo=/teams');
  }, []);
  return (
    <div className={pageClass}>
      <h1 className={css({ srOnly: true })}>My Teams</h1>
      <p role="status">Taking you to the login page...</p>
    </div>
  );
}
