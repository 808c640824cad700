import { Button, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../../../common/limits';
import { SEARCH_FAILED, searchable, usePatientSearch } from './api';
import { moreMatchesText } from './search-text';

interface Props {
  /** The text in the box, kept by the tab so another tab's request can fill it. */
  value: string;
  onValueChange: (value: string) => void;
  /** A patient was chosen from the suggestions, or a name typed and Enter pressed. */
  onChoose: (name: string) => void;
  onClear: () => void;
}

/**
 * The search box: suggestions from the server after two characters, 300 ms after the last key,
 * for a name typed either way round (`John Smith` or `Smith, Jo`).
 * ArrowUp/ArrowDown move through them, Enter chooses, Escape closes the list; Enter with no
 * suggestion highlighted looks up the name as typed.
 */
export function PatientSearch({ value, onValueChange: setValue, onChoose, onClear }: Props) {
  // Only what the user typed is searched: the name of the patient shown, put in the box by the tab,
  // is not sent again (a search's address carries its text).
  const [typedText, setTypedText] = useState<string | null>(null);
  const typed = value === typedText;
  const [debounced] = useDebouncedValue(typed ? value : '', SEARCH_DEBOUNCE_MS);
  const search = usePatientSearch(debounced);
  const inputRef = useRef<HTMLInputElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const ready = typed && searchable(value);
  const waiting = ready && (value.trim() !== debounced.trim() || search.isFetching);
  const names = ready && search.isSuccess ? search.data.names : [];
  // Not while the next answer is on its way: the line would count the list being replaced.
  const more =
    ready && search.isSuccess && !waiting ? moreMatchesText(names.length, search.data.total) : null;

  const choose = (name: string) => {
    setValue(name);
    combobox.closeDropdown();
    onChoose(name);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) choose(value.trim());
  };
  const clear = () => {
    setValue('');
    combobox.closeDropdown();
    onClear();
    inputRef.current?.focus();
  };

  let empty: string | null = null;
  if (search.isError) empty = SEARCH_FAILED;
  else if (names.length === 0) empty = waiting ? 'Searching...' : 'No matching patients';

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role is what every screen reader and test library knows; the newer <search> element is not yet.
    <form onSubmit={submit} role="search" aria-label="Patients">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Combobox store={combobox} onOptionSubmit={choose}>
          <Combobox.Target withExpandedAttribute autoComplete="off">
            <TextInput
              ref={inputRef}
              label="Search patients"
              description={`Type at least ${SEARCH_MIN_CHARS} letters of a name, then choose a patient.`}
              placeholder="e.g. Smith, John or John Smith"
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={waiting ? <Loader size={16} aria-hidden /> : null}
              spellCheck={false}
              value={value}
              error={search.isError ? SEARCH_FAILED : undefined}
              onChange={(event) => {
                setTypedText(event.currentTarget.value);
                setValue(event.currentTarget.value);
                combobox.resetSelectedOption();
                combobox.openDropdown();
              }}
              onClick={() => combobox.openDropdown()}
              onFocus={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
              style={{ flex: '1 1 260px' }}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={!ready}>
            <Combobox.Options style={{ maxHeight: 200, overflowY: 'auto' }} aria-label="Matching patients">
              {names.map((name) => (
                <Combobox.Option value={name} key={name}>
                  {name}
                </Combobox.Option>
              ))}
              {empty && <Combobox.Empty>{empty}</Combobox.Empty>}
            </Combobox.Options>
            {more && (
              <Combobox.Footer aria-live="polite">
                <Text size="xs" c="dimmed">
                  {more}
                </Text>
              </Combobox.Footer>
            )}
          </Combobox.Dropdown>
        </Combobox>
        <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={clear}>
          Clear Search
        </Button>
      </Group>
    </form>
  );
}
