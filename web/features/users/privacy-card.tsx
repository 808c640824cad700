import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { errorMessage } from '../../lib/api';
import { usePrivacySetting, useSavePrivacySetting } from '../../session/privacy';
import { SaveOutcome, useSavedAtOnce } from './saved-at-once';

/**
 * The admin's "providers see their own" switch (docs/behaviour.md section 14), with what the last
 * save did beside it. Saved at once: there is no form to submit.
 */
export function PrivacyCard() {
  const setting = usePrivacySetting();
  const save = useSavePrivacySetting();
  const { value: checked, change } = useSavedAtOnce(setting.data, false, save.mutate);

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
          <SaveOutcome
            pending={save.isPending}
            saved={
              save.isSuccess
                ? `Saved: ${
                    save.data.providers_see_own_only
                      ? 'providers now see only their own patients.'
                      : 'providers see every patient.'
                  }`
                : null
            }
            error={save.isError ? save.error : null}
          />
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
