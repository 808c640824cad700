import { Alert, Divider, Modal, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { errorMessage } from '../../lib/api';
import { useMfaStatus } from './api';
import { AuthenticatorSection } from './authenticator-section';
import { PasskeysSection } from './passkeys-section';
import { SessionsSection } from './sessions-section';

/**
 * The account menu's Security page (docs/screens.md): the second factor, passkeys and the active
 * sessions. A modal over the tab the user was on, the whole screen on a phone.
 */
export function SecurityModal({
  opened,
  onClose,
  username,
}: {
  opened: boolean;
  onClose: () => void;
  username: string;
}) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Security" size="xl" fullScreen={phone}>
      {/* The modal unmounts its content when closed, so each opening reads the status again. */}
      <SecurityContent username={username} />
    </Modal>
  );
}

function SecurityContent({ username }: { username: string }) {
  const status = useMfaStatus();
  return (
    <Stack gap="lg">
      {status.isPending && <Skeleton height={96} aria-label="Loading the second factor" />}
      {status.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(status.error, 'Failed to read the second factor')}
        </Alert>
      )}
      {status.data && (
        <>
          <AuthenticatorSection status={status.data} username={username} />
          <Divider />
          <PasskeysSection passkeys={status.data.passkeys} />
        </>
      )}
      <Divider />
      <SessionsSection />
    </Stack>
  );
}
