import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { User } from '../../../common/api/auth';
import { formatDate } from '../../lib/format';
import { isOnlyActiveAdmin } from './rules';
import { RoleBadge, StatusBadge, UserActions } from './user-actions';

interface Props {
  users: readonly User[];
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

const lastLogin = (user: User) => (user.last_login ? formatDate(user.last_login) : 'Never');

/** A table on wide screens; on a phone one small card per user, so the actions stay in reach. */
export function UsersTable(props: Props) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return phone ? <UserCards {...props} /> : <UserRows {...props} />;
}

function UserRows({ users, onEdit, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Username</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last Login</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td fw={500}>{user.username}</Table.Td>
              <Table.Td>{user.email ?? '-'}</Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>{user.provider_name ?? '-'}</Table.Td>
              <Table.Td>
                <StatusBadge active={user.is_active} />
              </Table.Td>
              <Table.Td c={user.last_login ? undefined : 'dimmed'}>{lastLogin(user)}</Table.Td>
              <Table.Td>
                <UserActions
                  user={user}
                  locked={isOnlyActiveAdmin(user, users)}
                  onEdit={onEdit}
                  onDelete={onDelete}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserCards({ users, onEdit, onDelete }: Props) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
      {users.map((user) => (
        <Paper component="li" key={user.id} withBorder p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {user.username}
              </Text>
              <Group gap={6}>
                <RoleBadge role={user.role} />
                <StatusBadge active={user.is_active} />
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Email: {user.email ?? '-'}
              </Text>
              <Text size="sm">Provider: {user.provider_name ?? '-'}</Text>
              <Text size="sm" c="dimmed">
                Last Login: {lastLogin(user)}
              </Text>
            </Stack>
            <UserActions
              user={user}
              locked={isOnlyActiveAdmin(user, users)}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
