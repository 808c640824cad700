import { Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { MFA_REQUIRED_FOR, type MfaRequiredFor } from '../../../common/api/mfa';
import { errorMessage } from '../../lib/api';
import { useSaveSecuritySetting, useSecuritySetting } from './api';
import { SaveOutcome, useSavedAtOnce } from './saved-at-once';

export const MFA_REQUIRED_LABELS: Record<MfaRequiredFor, string> = {
  none: 'None',
  admins: 'Admins',
  managers_and_admins: 'Managers and admins',
  everyone: 'Everyone',
};

const isSetting = (value: string): value is MfaRequiredFor =>
  (MFA_REQUIRED_FOR as readonly string[]).includes(value);

/**
 * The admins' Security setting (docs/behaviour.md section 20): whose accounts must have a second
 * factor. Saved at once, like the privacy switch; the server audits each change.
 */
export function SecurityCard() {
  const setting = useSecuritySetting();
  const save = useSaveSecuritySetting();
  const saved = useSavedAtOnce(setting.data?.mfa_required_for, 'none', save.mutate);
  const { value } = saved;
  const change = (next: string) => {
    if (isSetting(next)) saved.change(next);
  };

  return (
    <Card component="section" aria-labelledby="security-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="security-title">
          Security
        </Title>
        <Radio.Group
          label="Require a second factor for"
          description="A covered user without one is sent to set up an authenticator app at their next sign-in."
          value={value}
          onChange={change}
        >
          <Group gap="md" mt="xs" wrap="wrap">
            {MFA_REQUIRED_FOR.map((option) => (
              <Radio
                key={option}
                value={option}
                label={MFA_REQUIRED_LABELS[option]}
                disabled={!setting.isSuccess || save.isPending}
              />
            ))}
          </Group>
        </Radio.Group>
        <Group gap="sm">
          <SaveOutcome
            pending={save.isPending}
            saved={
              save.isSuccess
                ? `Saved: a second factor is required for ${MFA_REQUIRED_LABELS[save.data.mfa_required_for].toLowerCase()}.`
                : null
            }
            error={save.isError ? save.error : null}
          />
          {setting.isError && (
            <Text size="sm" c="red.8">
              {errorMessage(setting.error, 'Failed to read the setting')}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
