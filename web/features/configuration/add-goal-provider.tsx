import { Autocomplete, Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { GOAL_PROVIDER_MAX } from '../../../common/api/goals';

interface Props {
  /** The provider names of the data not yet in the grid. */
  suggestions: readonly string[];
  disabled: boolean;
  /** Adds the name, or says why not. */
  onAdd: (name: string) => string | null;
}

/**
 * Adds a provider to the grid by name: the data's names are offered, any other is allowed (a new
 * provider may have goals before their first patient). A form of its own, so Enter here adds
 * rather than saves.
 */
export function AddGoalProvider({ suggestions, disabled, onAdd }: Props) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function add(event: FormEvent) {
    event.preventDefault();
    const problem = onAdd(name);
    setError(problem);
    if (!problem) setName('');
  }

  return (
    <form onSubmit={add} noValidate aria-label="Add a provider's goals">
      <Group align="flex-start" gap="xs" wrap="wrap">
        <Autocomplete
          label="Add provider"
          placeholder="Provider name"
          data={[...suggestions]}
          limit={20}
          value={name}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
          maxLength={GOAL_PROVIDER_MAX}
          autoComplete="off"
          error={error}
          errorProps={{ role: 'alert' }}
          disabled={disabled}
          w={{ base: '100%', xs: 280 }}
        />
        <Button
          type="submit"
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={disabled}
          mt={{ base: 0, xs: 25 }}
        >
          Add provider
        </Button>
      </Group>
    </form>
  );
}
