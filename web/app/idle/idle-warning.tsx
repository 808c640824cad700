import { Button, Group, getDefaultZIndex, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { authApi } from '../../../common/api/auth';
import { call } from '../../lib/api';
import { useAuth } from '../../session/auth';
import { idleNotice, leaveSignOutReason } from '../../session/idle-phase';
import { keepPlace } from './resume';
import { useIdleLogoff } from './use-idle-logoff';

/**
 * The automatic logoff of a signed-in session: reads the timeout from the server, warns for the
 * last minute ('You will be signed out in 60 seconds'), then signs out and says why.
 * `beforeSignOut` lets the shell forget its views first; the place is kept for this user's return
 * (./resume.ts), and the drafts stay (web/lib/drafts.ts).
 */
export function IdleLogoff({ beforeSignOut }: { beforeSignOut: () => void }) {
  const { logout, state } = useAuth();
  const username = state.status === 'signed-in' ? state.user.username : null;
  const [timeout, setTimeoutMinutes] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    call(authApi.session, { signal: controller.signal })
      .then((answer) => setTimeoutMinutes(answer.idle_timeout_minutes))
      // Without the setting the session simply stays until its token expires.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const { phase, stay } = useIdleLogoff(
    timeout,
    () => {
      const notice = idleNotice(timeout);
      leaveSignOutReason(notice);
      if (username) keepPlace(username);
      beforeSignOut();
      logout(notice, 'idle');
    },
    // Any signed-in call keeps the session in use on the server; a 401 ends it here as usual.
    () => void call(authApi.session).catch(() => undefined),
  );

  return (
    <Modal
      opened={phase.kind === 'warning'}
      onClose={stay}
      title="Still there?"
      // Above everything else open (a case's drawer, a dialog, a notice), which would hide it.
      zIndex={getDefaultZIndex('max')}
      // Escape or a click outside keeps the session too; one named button says so.
      withCloseButton={false}
    >
      <Text role="status">
        You will be signed out in {phase.kind === 'warning' ? phase.secondsLeft : 60} seconds
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        Patient information stays private on an unattended screen. Anything you have typed will be kept for
        when you sign in again.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={stay} data-autofocus>
          Stay signed in
        </Button>
      </Group>
    </Modal>
  );
}
