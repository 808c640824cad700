import { Alert, Group, Stack } from '@mantine/core';
import { ScreenLink, SignedOutLayout } from './layout';

export function InvalidResetLink({ onBack, onRequestNew }: { onBack: () => void; onRequestNew: () => void }) {
  return (
    <SignedOutLayout heading="Invalid Reset Link">
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          Invalid reset link. Please request a new password reset.
        </Alert>
        <Group justify="space-between">
          <ScreenLink onClick={onBack}>Back to Sign In</ScreenLink>
          <ScreenLink onClick={onRequestNew}>Request a new reset link</ScreenLink>
        </Group>
      </Stack>
    </SignedOutLayout>
  );
}
