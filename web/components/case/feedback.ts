import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../lib/api';

export const SAVE_FAILED = 'Failed to save the activity';

// The notice's close button is an icon: it needs a name of its own.
const CLOSE_NAME = { 'aria-label': 'Close the notice' };

/**
 * The case's notices show at the top of the window, not at the app's usual bottom right: the case
 * (beside the list, or a drawer the window's height) has its Note box and buttons low down, where
 * the user has just been working, and a notice there covered them. Centred, it stays clear of the
 * header's Logout at the right on a wide screen.
 */
const PLACE = { position: 'top-center', closeButtonProps: CLOSE_NAME } as const;

/** Says a write failed, in the server's words when it gave any. */
export const saveFailed = (err: unknown) =>
  notifications.show({ ...PLACE, color: 'red', title: 'Not saved', message: errorMessage(err, SAVE_FAILED) });

/** Confirms a write: the case card already shows it, the notice says so for a screen reader too. */
export const saved = (message: string) =>
  notifications.show({ ...PLACE, color: 'teal', message, autoClose: 3000 });
