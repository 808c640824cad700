import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../lib/api';

export const SAVE_FAILED = 'Failed to save the activity';

/** Says a write failed, in the server's words when it gave any. */
export const saveFailed = (err: unknown) =>
  notifications.show({
    color: 'red',
    title: 'Not saved',
    message: errorMessage(err, SAVE_FAILED),
    closeButtonProps: CLOSE_NAME,
  });

// The notice's close button is an icon: it needs a name of its own.
const CLOSE_NAME = { 'aria-label': 'Close the notice' };

/** Confirms a write: the case card already shows it, the notice says so for a screen reader too. */
export const saved = (message: string) =>
  notifications.show({ color: 'teal', message, autoClose: 3000, closeButtonProps: CLOSE_NAME });
