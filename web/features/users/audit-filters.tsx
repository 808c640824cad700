import { Autocomplete, Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditAction } from '../../../common/api/audit';
import { type AuditFilters, datesProblem, hasAuditFilters } from './audit-view';

const ALL_ACTIONS = 'all';

/** The Action select's choices: every action by its name, in the order of the names. */
const ACTION_OPTIONS = [
  { value: ALL_ACTIONS, label: 'All actions' },
  ...[...AUDIT_ACTIONS]
    .map((action) => ({ value: action, label: AUDIT_ACTION_NAMES[action] }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];

interface Props {
  filters: AuditFilters;
  /** The usernames the User box offers; any other name may be typed (a deleted user, a failed sign-in). */
  usernames: readonly string[];
  onChange: (next: AuditFilters) => void;
  onClear: () => void;
}

/** User, Action, From and To. Each read of the log is audited, so the User box applies a name once it is chosen or left, not at each key. */
export function AuditFiltersRow({ filters, usernames, onChange, onClear }: Props) {
  const problem = datesProblem(filters);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ flex: '1 1 36rem' }}>
        <UserFilter
          value={filters.user}
          usernames={usernames}
          onCommit={(user) => onChange({ ...filters, user })}
        />
        <Select
          label="Action"
          data={ACTION_OPTIONS}
          value={filters.action ?? ALL_ACTIONS}
          onChange={(next) =>
            next && onChange({ ...filters, action: next === ALL_ACTIONS ? null : (next as AuditAction) })
          }
          allowDeselect={false}
          searchable
          nothingFoundMessage="No action by that name"
        />
        <TextInput
          type="date"
          label="From"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ ...filters, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={filters.to}
          min={filters.from || undefined}
          error={problem}
          onChange={(e) => onChange({ ...filters, to: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Button
        variant="default"
        leftSection={<IconFilterOff size={18} aria-hidden />}
        disabled={!hasAuditFilters(filters)}
        onClick={onClear}
      >
        Clear filters
      </Button>
      <Text size="xs" c="dimmed" w="100%">
        From and To are whole days in UTC; the times below are in your local time.
      </Text>
    </Group>
  );
}

interface UserFilterProps {
  value: string;
  usernames: readonly string[];
  onCommit: (user: string) => void;
}

function UserFilter({ value, usernames, onCommit }: UserFilterProps) {
  const [text, setText] = useState(value);
  // The names are handed to the list only while it is open: a closed list stays in the page
  // (hidden), and would otherwise hold a second copy of every username.
  const [listOpen, setListOpen] = useState(false);
  // Clear filters, Back and a link change the applied name: the box then shows it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  // The name last applied, ahead of the address catching up (a pick followed at once by a blur).
  const applied = useRef(value);
  useEffect(() => {
    applied.current = value;
  }, [value]);
  const commit = (next: string) => {
    const user = next.trim();
    if (user === applied.current) return;
    applied.current = user;
    onCommit(user);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    const native = e.nativeEvent;
    const typed = e.currentTarget.value;
    // Enter on a highlighted suggestion picks it (the list marks the key handled); only a plain
    // Enter applies what was typed. The list handles the key after this handler returns.
    setTimeout(() => {
      if (!native.defaultPrevented) commit(typed);
    });
  };
  return (
    <Autocomplete
      label="User"
      placeholder="Any user"
      data={listOpen ? [...usernames] : []}
      onDropdownOpen={() => setListOpen(true)}
      onDropdownClose={() => setListOpen(false)}
      limit={20}
      value={text}
      onChange={setText}
      onOptionSubmit={(user) => {
        setText(user);
        commit(user);
      }}
      onBlur={() => commit(text)}
      onKeyDown={onKeyDown}
    />
  );
}
