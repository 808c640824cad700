import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconShieldOff, IconTrash } from '@tabler/icons-react';
import type { User } from '../../../common/api/auth';
import type { Role } from '../../../common/roles';

const ROLE_COLORS: Record<Role, string> = {
  admin: 'brand',
  manager: 'blue',
  // A light badge's words in teal's own shade are too faint on its tint (contrast): its darkest.
  coordinator: 'teal.9',
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

/** Whether the user has a second factor (docs/behaviour.md section 20): said in words, not by colour. */
export function MfaBadge({ on, named = false }: { on: boolean; named?: boolean }) {
  const word = on ? 'On' : 'Off';
  return (
    <Badge variant="dot" tt="none" color={on ? 'green' : 'gray'}>
      {named ? `Second factor: ${word}` : word}
    </Badge>
  );
}

interface ActionsProps {
  user: User;
  /** The only active admin cannot be deleted. */
  locked: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  onTurnOffMfa: (user: User) => void;
}

export function UserActions({ user, locked, onEdit, onDelete, onTurnOffMfa }: ActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {user.has_mfa && (
        <Tooltip label="Turn off second factor">
          <ActionIcon
            variant="subtle"
            aria-label={`Turn off second factor for ${user.username}`}
            onClick={() => onTurnOffMfa(user)}
          >
            <IconShieldOff size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
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
