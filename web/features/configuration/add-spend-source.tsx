import { Autocomplete, Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { SPEND_SOURCE_MAX } from '../../../common/api/marketing';

interface Props {
  /** The sources of the leads and of spend not yet in the grid. */
  suggestions: readonly string[];
  disabled: boolean;
  /** Adds the source, or says why not. */
  onAdd: (name: string) => string | null;
}

/**
 * Adds a source to the grid by name: the leads' sources are offered, any other is allowed (money
 * may be spent on a channel before its first lead). A form of its own, so Enter here adds rather
 * than saves.
 */
export function AddSpendSource({ suggestions, disabled, onAdd }: Props) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function add(event: FormEvent) {
    event.preventDefault();
    const problem = onAdd(name);
    setError(problem);
    if (!problem) setName('');
  }

  return (
    <form onSubmit={add} noValidate aria-label="Add a source's spend">
      <Group align="flex-start" gap="xs" wrap="wrap">
        <Autocomplete
          label="Add source"
          placeholder="Source name"
          data={[...suggestions]}
          limit={20}
          value={name}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
          maxLength={SPEND_SOURCE_MAX}
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
          Add source
        </Button>
      </Group>
    </form>
  );
}
