/**
 * The `code` every error body carries beside its words (docs/behaviour.md section 10). The words
 * are for people and may be reworded; a client (the web app, a script) decides by the code, and
 * by `field` when the error is about one field of the request. Each code is named once here, with
 * what it means; the server answers no other.
 */
export const ERROR_CODES = {
  // What a status means when nothing more particular is said (server/http/http-error.ts).
  invalid_request: 'The request is not valid as sent; the message says why (400)',
  sign_in_required: 'The call needs a sign-in and came without a token (401)',
  forbidden: "The signed-in user's role may not do this (403)",
  not_found: 'Nothing is at this address: an unknown API path (404)',
  conflict: 'The request conflicts with the data as it is now (409)',
  too_large: 'The request body is larger than the API takes (413)',
  unsupported_media_type: 'The request body is of a content type the API does not take (415)',
  unprocessable: 'The request was read but cannot be carried out (422)',
  rate_limited: 'Too many requests; Retry-After says when to try again (429)',
  internal_error: 'A fault on the server; nothing the sender can change (500)',
  // The request as it arrives.
  request_timeout: 'The request took too long to arrive (408)',
  headers_too_large: 'The request headers are larger than the server takes (431)',
  invalid_json: 'The JSON body is empty or not valid JSON (400)',
  invalid_text: 'The request holds a NUL character or bytes that are not UTF-8 text (400)',
  missing_field: 'A required field was not sent; `field` names it (400)',
  invalid_field: 'A field holds a value it may not; `field` names it (400)',
  // Signing in and sessions.
  wrong_credentials: 'Sign-in with an unknown username or a wrong password (401)',
  account_disabled: 'Sign-in to an account an admin has disabled (403)',
  sign_in_locked: 'Password checks paused after too many failed ones; Retry-After says how long (429)',
  session_ended: 'The token no longer holds: signed out, expired, password changed, account disabled (401)',
  signed_out_idle: 'The session went unused for longer than the idle limit (401)',
  wrong_password: 'The current password given to change it is wrong; `field` is current_password (400)',
  same_password: 'The new password is the current one; `field` is new_password (400)',
  invalid_reset_link: 'The password reset link is unknown, used or expired (400)',
  // The second factor (docs/behaviour.md section 20).
  wrong_code: 'A second-factor code (TOTP or recovery) that is wrong, used, or already replayed (400, 401)',
  mfa_token_expired: 'The mfa_token or setup_token of a two-step sign-in is unknown, used or expired (401)',
  mfa_setup_pending: 'A setup token used for anything but setting up the authenticator app (403)',
  no_pending_setup: 'Confirm called with no authenticator app setup begun (400)',
  mfa_not_enabled: 'Turning off an authenticator app that is not on (400)',
  mfa_already_enabled: 'Setting up an authenticator app while one is on: turn it off first (409)',
  mfa_secret_unreadable: "The authenticator app's secret cannot be opened with this server's key (409)",
  passkey_refused: 'The passkey answer does not verify: wrong challenge, origin, or signature (400, 401)',
  passkey_unknown: "The passkey answered at sign-in is not one of this user's (401)",
  passkey_not_found: "No passkey of the caller's has this id (404)",
  session_not_found: "No session of the caller's has this id (404)",
  password_login_off: 'Passwords are turned off (PASSWORD_LOGIN=off) for every account but admin (403)',
  // Single sign-on (OpenID Connect).
  sso_not_configured: 'Single sign-on is not set up on this server (404)',
  sso_unavailable: 'The identity provider could not be reached or answered wrongly (502)',
  sso_state_invalid: 'The sign-on came back with a state not started here, expired or already used (401)',
  sso_failed: 'The identity provider refused, or its answer failed a check (code, nonce, token) (401)',
  sso_no_email: 'The identity provider sent no e-mail address for the person (403)',
  sso_email_unverified: 'The identity provider says the e-mail address is not verified (403)',
  sso_no_account: 'No active account has the e-mail address the identity provider sent (403)',
  sso_ticket_invalid: 'The sign-on ticket is unknown, expired or already used (401)',
  // Accounts, code mappings, patients and their activities.
  username_taken: 'Another account has this username; `field` is username (409)',
  email_taken: 'Another account has this e-mail address; `field` is email (409)',
  last_admin: 'The change would leave no active admin (409)',
  user_not_found: 'No account has this id (404)',
  unknown_user: 'The username given is no user, or no active one; `field` is assigned_to (400)',
  mapping_exists: 'Another code mapping has this procedure code; `field` is proc_code (409)',
  mapping_not_found: 'No code mapping has this procedure code (404)',
  patient_not_found: 'No patient of this name or id, or none the caller may open (404)',
  activity_not_found: 'No case activity has this id (404)',
  // Importing files.
  not_multipart: 'An upload that is not multipart/form-data with a file field (400)',
  upload_incomplete: 'The upload arrived cut short; sending it again may work (400)',
  file_too_large:
    'The file is over MAX_UPLOAD_MB, or a workbook expands past MAX_IMPORT_INFLATED_MB (413, 422)',
  too_many_rows: 'The file has more rows than MAX_IMPORT_ROWS (422)',
  unsupported_file_type: 'The file name does not end in .csv, .xlsx or .xls (415)',
  file_unreadable: 'The file is damaged or not the spreadsheet its name says (422)',
  file_empty: 'The file holds no text at all (422)',
  missing_columns: 'No row of the file has every required column; the message names those missing (422)',
  wrong_file_kind:
    "Columns are missing and the header is another kind's: a file chosen in the wrong place (422)",
  no_valid_rows: 'Every row of the file was skipped; `skipped` and `rows_skipped` say why (422)',
  preview_expired: "The preview is unknown, used, expired, or another user's or kind's (410)",
  data_already_imported: 'Sample data is only loaded while nothing has been imported (409)',
  storage_refused: 'The database refused to store a value: too long, or not text (422)',
  // Sync from Open Dental.
  sync_not_configured: 'No Open Dental connection is set (409)',
  sync_running: 'A sync is already under way, in this or another app process (409)',
  backup_running: 'A backup is being made now, in this or another app process (409)',
  backup_no_space: 'The backup folder has no room left; the older backups are kept (507)',
  backup_failed: 'The backup could not be written; the message says why, the older backups are kept (500)',
  connection_in_environment: 'Connection fields were sent while OPENDENTAL_URL sets the connection (409)',
  sync_password_unreadable: "The saved Open Dental password cannot be opened with this server's key (409)",
  opendental_host_not_found: 'The Open Dental host name is not known (502)',
  opendental_unreachable: 'The Open Dental server could not be reached, or closed before answering (502)',
  opendental_refused: 'The Open Dental server refused the connection on its port (502)',
  opendental_access_denied: 'The Open Dental server refused the user or password (502)',
  opendental_no_database: 'The Open Dental server has no database of this name (502)',
  opendental_connection_lost: 'The connection to Open Dental was lost or stalled during the read (502)',
  opendental_read_failed:
    'Open Dental could not be read for another reason; the message gives its code (502)',
  not_opendental_database: 'The database lacks a table or column Open Dental has (422)',
  // The report by e-mail.
  no_email_address: "The user's account has no e-mail address to send to (400)",
  mail_not_configured: 'The server has no mail server (SMTP_URL) to send through (409)',
  mail_failed: 'The mail server refused the message or could not be reached (502)',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Every code, in the order above. */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
