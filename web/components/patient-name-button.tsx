import { UnstyledButton } from '@mantine/core';
import classes from './patient-name-button.module.css';

/** A patient's name in a list: opens the patient in Patient Lookup (Back returns to the list). */
export function PatientNameButton({ name, onOpen }: { name: string; onOpen: (name: string) => void }) {
  return (
    <UnstyledButton className={classes.nameButton} onClick={() => onOpen(name)}>
      {name}
    </UnstyledButton>
  );
}
