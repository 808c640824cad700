import { TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { TOTP_DIGITS, totpInput } from './code';

/** Each box's message is read out as it appears, wherever focus is. */
const ERROR_PROPS = { role: 'alert' } as const;

interface Props {
  value: string;
  onChange: (code: string) => void;
  error?: string | null;
  label?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The authenticator app's 6-digit code: the phone's number pad, the code offered from a text
 * message or password manager (one-time-code), and only digits kept of what is typed or pasted.
 */
export function CodeField({ value, onChange, error, label = '6-digit code', autoFocus, inputRef }: Props) {
  return (
    <TextInput
      ref={inputRef}
      label={label}
      name="code"
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={TOTP_DIGITS + 2}
      value={value}
      error={error || undefined}
      errorProps={ERROR_PROPS}
      data-autofocus={autoFocus ? true : undefined}
      autoFocus={autoFocus}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
      onChange={(event) => onChange(totpInput(event.currentTarget.value))}
    />
  );
}
