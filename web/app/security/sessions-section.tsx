import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Session } from '../../../common/api/mfa';
import { formatDateTime } from '../../../common/format';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../session/auth';
import { useEndSession, useSessions } from './api';
import { browserName } from './user-agent';

/** The user's signed-in sessions (docs/behaviour.md section 20): where and when, and end any. */
export function SessionsSection() {
  const sessions = useSessions();
  return (
    <Stack gap="sm" component="section" aria-labelledby="sessions-title">
      <Title order={3} size="h4" id="sessions-title">
        Active sessions
      </Title>
      <Text size="sm">
        Where you are signed in. End a session you do not recognise, or one on a computer you no longer use:
        it is signed out at once.
      </Text>
      {sessions.isPending && <Skeleton height={64} aria-label="Loading sessions" />}
      {sessions.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(sessions.error, 'Failed to read the sessions')}
        </Alert>
      )}
      {sessions.data && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sessions">
          {sessions.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function SessionRow({ session }: { session: Session }) {
  const { logout } = useAuth();
  const end = useEndSession();
  const [confirming, setConfirming] = useState(false);
  const name = browserName(session.user_agent);

  const confirmEnd = () =>
    end.mutate(session.id, {
      // Ending this one is signing out here; its token no longer works.
      onSuccess: () =>
        session.current ? logout('You ended this session from the Security page.') : undefined,
    });

  return (
    <Paper component="li" withBorder p="sm" aria-label={`${name}${session.current ? ', this session' : ''}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{name}</Text>
              {session.current && (
                <Badge variant="light" tt="none" color="brand">
                  This session
                </Badge>
              )}
            </Group>
            <Text size="sm">
              Started {formatDateTime(session.created_at)} · Last used {formatDateTime(session.last_used_at)}
            </Text>
            <Text size="sm" c="dimmed">
              Address: {session.ip ?? 'unknown'}
            </Text>
          </Stack>
          {!confirming && (
            <Button
              variant="default"
              size="xs"
              aria-label={session.current ? 'End this session' : `End session on ${name}`}
              onClick={() => setConfirming(true)}
            >
              End
            </Button>
          )}
        </Group>
        {end.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(end.error, 'Failed to end the session')}
          </Alert>
        )}
        {confirming && (
          <Group gap="sm" wrap="wrap">
            <Text size="sm" role="status">
              {session.current
                ? 'End this session? You will be signed out here.'
                : 'End this session? It is signed out at once.'}
            </Text>
            <Button size="xs" color="red.9" loading={end.isPending} onClick={confirmEnd}>
              End session
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={end.isPending}>
              Cancel
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
