import { Button, Divider } from '@mantine/core';
import { useEffect, useState } from 'react';
import { signInWithLabel, ssoApi } from '../../../common/api/sso';
import { call } from '../../lib/api';

/**
 * 'Sign in with {organization}' when the server has single sign-on set up (docs/behaviour.md
 * section 20). A plain link: the browser itself goes to the identity provider and back.
 * Nothing is shown while the server is asked, or when it cannot say.
 */
export function SsoButton() {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    call(ssoApi.status, { signal: controller.signal })
      .then((status) => setName(status.enabled ? status.name : null))
      .catch(() => setName(null));
    return () => controller.abort();
  }, []);
  if (!name) return null;
  return (
    <>
      <Button component="a" href={ssoApi.start.path} variant="default" fullWidth>
        {signInWithLabel(name)}
      </Button>
      <Divider label="or with a password" labelPosition="center" />
    </>
  );
}
