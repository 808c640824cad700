import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { User } from '../../../common/api/auth';
import type { Role } from '../../../common/roles';

const ROLE_COLORS: Record<Role, string> = {
  admin: 'brand',
  manager: 'blue',
  coordinator: 'teal',
  provider: 'gray',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="light" tt="capitalize" color={ROLE_COLORS[role]}>
      {role}
    </Badge>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  // The dot variant keeps dark text (green-on-green light badges fail contrast); the word says it.
  return (
    <Badge variant="dot" tt="none" color={active ? 'green' : 'gray'}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

interface ActionsProps {
  user: User;
  /** The only active admin cannot be deleted. */
  locked: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UserActions({ user, locked, onEdit, onDelete }: ActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${user.username}`} onClick={() => onEdit(user)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {/* A disabled button gets no hover, so the reason sits on a wrapper. */}
      <Tooltip label={locked ? 'The only active admin cannot be deleted' : 'Delete'}>
        <span>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${user.username}`}
            disabled={locked}
            onClick={() => onDelete(user)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </span>
      </Tooltip>
    </Group>
  );
}
