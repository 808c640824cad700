import { Autocomplete, Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

interface Props {
  /** What is added, in words: `provider`, `source`. */
  noun: string;
  /** What the form does, for assistive technology: `Add a provider's goals`. */
  formLabel: string;
  maxLength: number;
  /** The names offered: those of the data not yet in the grid. */
  suggestions: readonly string[];
  disabled: boolean;
  /** Adds the name, or says why not. */
  onAdd: (name: string) => string | null;
}

/**
 * Adds a row to a grid by name (a provider's goals, a source's spend): the data's names are
 * offered, any other is allowed (a new provider may have goals before their first patient, money
 * may go to a channel before its first lead). A form of its own, so Enter here adds rather than
 * saves.
 */
export function AddByName({ noun, formLabel, maxLength, suggestions, disabled, onAdd }: Props) {
  const title = noun[0].toUpperCase() + noun.slice(1);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function add(event: FormEvent) {
    event.preventDefault();
    const problem = onAdd(name);
    setError(problem);
    if (!problem) setName('');
  }

  return (
    <form onSubmit={add} noValidate aria-label={formLabel}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <Autocomplete
          label={`Add ${noun}`}
          placeholder={`${title} name`}
          data={[...suggestions]}
          limit={20}
          value={name}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
          maxLength={maxLength}
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
          Add {noun}
        </Button>
      </Group>
    </form>
  );
}
