import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export const NO_PROVIDER_NAME_NOTE =
  'Your account has no provider name, so there are no figures to show. Ask an admin to set it under User Management.';

export const ownPatientsNote = (provider: string) => `You see your own patients only (${provider}).`;

/**
 * Said in place of the Provider select when "providers see their own" holds the signed-in provider
 * to their patients (docs/screens.md section 2): whose figures these are, or, for an account with
 * no provider name, why there are none.
 */
export function OwnPatientsNote({ provider }: { provider: string | null }) {
  if (provider === null)
    return (
      <Alert
        color="yellow"
        variant="light"
        role="status"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title="No provider name"
        // Yellow on its pale tint is too faint for text; the icon and the tint carry the colour.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Text size="sm">{NO_PROVIDER_NAME_NOTE}</Text>
      </Alert>
    );
  return (
    <Text size="sm" c="dimmed">
      {ownPatientsNote(provider)}
    </Text>
  );
}
