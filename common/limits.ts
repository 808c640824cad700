export const MIN_PASSWORD_LENGTH = 6;
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const RESET_REDIRECT_MS = 2000;
export const STANDARD_ARCH_VALUE = 14995;
export const FIRST_YEAR = 2024;
