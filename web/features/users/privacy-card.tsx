import { Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { usePrivacySetting, useSavePrivacySetting } from '../../session/privacy';

/**
 * The admin's "providers see their own" switch (docs/behaviour.md section 14), with what the last
 * save did beside it. Saved at once: there is no form to submit.
 */
export function PrivacyCard() {
  const setting = usePrivacySetting();
  const save = useSavePrivacySetting();
  // While a change is saved the switch shows it at once; the server's answer then becomes the setting.
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? setting.data ?? false;
  const change = (on: boolean) => {
    setAsked(on);
    save.mutate(on, { onSettled: () => setAsked(null) });
  };

  return (
    <Card component="section" aria-labelledby="privacy-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="privacy-title">
          Privacy
        </Title>
        <Group gap="sm" align="center" wrap="wrap">
          <Switch
            label="Providers see only their own patients"
            aria-describedby="privacy-hint"
            checked={checked}
            disabled={!setting.isSuccess || save.isPending}
            onChange={(event) => change(event.currentTarget.checked)}
          />
          {save.isPending && <Loader size="xs" aria-label="Saving" />}
          {save.isSuccess && (
            // Green text on white is too faint to read: the icon carries the colour.
            <Group gap={4} wrap="nowrap">
              <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
              <Text size="sm" role="status">
                Saved:{' '}
                {save.data?.providers_see_own_only
                  ? 'providers now see only their own patients.'
                  : 'providers see every patient.'}
              </Text>
            </Group>
          )}
          {save.isError && (
            <Text size="sm" c="red.8" role="alert">
              {errorMessage(save.error, 'Failed to save the setting')}
            </Text>
          )}
        </Group>
        <Text id="privacy-hint" size="xs" c="dimmed">
          When on, a provider account sees only the patients, figures and exports of its own provider name;
          managers and admins always see everyone.
        </Text>
        {setting.isError && (
          <Text size="sm" c="red.8">
            {errorMessage(setting.error, 'Failed to read the setting')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
