import { Alert, Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconPlugConnected, IconServer } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { type OpendentalSettings, SCHEDULE_CHOICES, SYNC_SCHEDULES } from '../../../common/api/sync';
import { hourWords } from '../../../common/sync-words';
import { codeOf, errorMessage } from '../../lib/api';
import {
  bodyOf,
  FIELD_NAMES,
  type FieldName,
  type Fields,
  fieldsOf,
  type Refusal,
  refusalOf,
  serverRefusal,
  testBodyOf,
} from './connection-fields';
import { useSaveOpendental, useTestOpendental } from './sync-api';
import { SyncFailure } from './sync-failure';
import { whatToCheck } from './sync-words';

const SCHEDULE_OPTIONS = SYNC_SCHEDULES.map((value) => ({ value, label: SCHEDULE_CHOICES[value] }));
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: hourWords(h),
}));

function TestResult({ test }: { test: ReturnType<typeof useTestOpendental> }) {
  if (test.isSuccess) {
    const { server_version, procedures, appointments } = test.data;
    return (
      <Alert color="green" variant="light" role="status" title="Connected to Open Dental">
        Server version {server_version}. A sync would read {procedures.toLocaleString('en-US')} procedures and{' '}
        {appointments.toLocaleString('en-US')} scheduled procedures now.
      </Alert>
    );
  }
  if (!test.isError) return null;
  const reason = errorMessage(test.error, 'The test failed');
  const check = whatToCheck(codeOf(test.error));
  return <SyncFailure title="Could not connect" reason={reason} check={check} />;
}

/** The connection and schedule, for admins: Test connection with what is typed, and Save. */
export function ConnectionForm({ settings }: { settings: OpendentalSettings }) {
  const saved = fieldsOf(settings);
  const [fields, setFields] = useState<Fields>(saved);
  const save = useSaveOpendental();
  const test = useTestOpendental();
  const fromEnvironment = settings.source === 'environment';
  const dirty = FIELD_NAMES.some((f) => fields[f] !== saved[f]);
  // Refused here by the contract before sending, else by the server: shown the same way.
  const [invalid, setInvalid] = useState<Refusal | null>(null);
  const refusal = invalid ?? (save.isError ? serverRefusal(save.error) : null);
  const errorOf = (f: FieldName) => (refusal?.field === f ? refusal.message : undefined);

  const set = (f: FieldName) => (value: string) => {
    setFields((prev) => ({ ...prev, [f]: value }));
    setInvalid(null);
    save.reset();
    test.reset();
  };

  /** Tests what is typed, checked first as Save checks it; the saved settings stay as they are. */
  function testTyped() {
    const refused = refusalOf(bodyOf(fields, fromEnvironment));
    setInvalid(refused);
    save.reset();
    if (!refused) test.mutate(testBodyOf(fields, fromEnvironment));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(fields, fromEnvironment);
    const refused = refusalOf(body);
    setInvalid(refused);
    if (refused) return;
    save.mutate(body, { onSuccess: (next) => setFields(fieldsOf(next)) });
  }

  const passwordHint = settings.password_unreadable
    ? 'The saved password can no longer be read: enter it again.'
    : settings.password_set
      ? 'A password is saved: leave this blank to keep it.'
      : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label="Open Dental connection">
      <Stack gap="sm">
        {fromEnvironment && (
          <Alert color="gray" variant="light" role="note" icon={<IconServer size={18} aria-hidden />}>
            The connection is set on the server (OPENDENTAL_URL) and cannot be changed here; only the schedule
            can.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Host"
            description="Name or address of the Open Dental database server"
            value={fields.host}
            onChange={(e) => set('host')(e.currentTarget.value)}
            disabled={fromEnvironment}
            error={errorOf('host')}
            required={!fromEnvironment}
            autoComplete="off"
          />
          <TextInput
            label="Port"
            description="Usually 3306"
            inputMode="numeric"
            value={fields.port}
            onChange={(e) => set('port')(e.currentTarget.value)}
            disabled={fromEnvironment}
            error={errorOf('port')}
            autoComplete="off"
          />
          <TextInput
            label="Database"
            description="Usually opendental"
            value={fields.database}
            onChange={(e) => set('database')(e.currentTarget.value)}
            disabled={fromEnvironment}
            error={errorOf('database')}
            autoComplete="off"
          />
          <TextInput
            label="User"
            description="A database user that may read"
            value={fields.user}
            onChange={(e) => set('user')(e.currentTarget.value)}
            disabled={fromEnvironment}
            error={errorOf('user')}
            required={!fromEnvironment}
            autoComplete="off"
          />
          <PasswordInput
            label="Password"
            description={passwordHint}
            value={fields.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            disabled={fromEnvironment}
            error={errorOf('password') ?? (settings.password_unreadable ? true : undefined)}
            autoComplete="new-password"
          />
          <Select
            label="Schedule"
            description="When to sync by itself"
            data={SCHEDULE_OPTIONS}
            value={fields.schedule}
            onChange={(value) => value && set('schedule')(value)}
            allowDeselect={false}
            error={errorOf('schedule')}
          />
          {fields.schedule === 'daily' && (
            <Select
              label="Hour of the daily sync"
              // The hour is the server's, which may be in another time zone than the reader.
              description={`On the server's clock (${settings.time_zone})`}
              data={HOUR_OPTIONS}
              value={fields.daily_hour}
              onChange={(value) => value && set('daily_hour')(value)}
              allowDeselect={false}
              error={errorOf('daily_hour')}
            />
          )}
        </SimpleGrid>
        {refusal && !refusal.field && (
          <Alert color="red" variant="light" role="alert">
            {refusal.message}
          </Alert>
        )}
        {save.isSuccess && !dirty && (
          <Alert color="green" variant="light" role="status">
            Connection saved
          </Alert>
        )}
        <Group gap="sm">
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            loading={save.isPending}
          >
            Save
          </Button>
          <Button
            variant="light"
            leftSection={<IconPlugConnected size={18} aria-hidden />}
            onClick={testTyped}
            loading={test.isPending}
            disabled={fromEnvironment && !settings.configured}
          >
            Test connection
          </Button>
        </Group>
        <TestResult test={test} />
      </Stack>
    </form>
  );
}
